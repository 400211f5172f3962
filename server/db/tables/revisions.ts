import { integer, jsonb, numeric, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import type { RevisionSnapshot } from '../../../src/domain/revisions';
import { estimates } from '../entityTables';
import { users } from './users';

const money = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'number' });

/**
 * Frozen revisions of estimates (issue 23): written once, when a proposal of the revision is
 * first sent, and never changed. The current revision of an estimate has a row only once
 * frozen; until then it is the live estimate.
 */
export const estimateRevisions = pgTable(
  'estimate_revisions',
  {
    id: serial('estimate_revision_id').primaryKey(),
    estimateID: integer('estimate_revision_estimate_id')
      .notNull()
      .references(() => estimates.id, { onDelete: 'cascade' }),
    revision: integer('estimate_revision_number').notNull(),
    frozenAt: timestamp('estimate_revision_frozen_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    frozenBy: integer('estimate_revision_frozen_by').references(() => users.id, { onDelete: 'set null' }),
    frozenByName: varchar('estimate_revision_frozen_by_name', { length: 301 }).notNull().default(''),
    subtotal: money('estimate_revision_subtotal').notNull(),
    total: money('estimate_revision_total').notNull(),
    snapshot: jsonb('estimate_revision_snapshot').$type<RevisionSnapshot>().notNull(),
  },
  (t) => [uniqueIndex('estimate_revisions_estimate_revision_idx').on(t.estimateID, t.revision)],
);
