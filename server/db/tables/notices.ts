import { index, integer, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';
import { proposals } from './proposals';
import { users } from './users';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * What the office is told (issue 39): a client answered a proposal of an estimate the user
 * sells. Shown to that user on their next look (Home's pipeline, a notification), until seen.
 */
export const officeNotices = pgTable(
  'office_notices',
  {
    id: serial('notice_id').primaryKey(),
    userID: integer('notice_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    proposalID: integer('notice_proposal_id')
      .notNull()
      .references(() => proposals.id, { onDelete: 'cascade' }),
    /** accepted, declined or changesRequested. */
    kind: varchar('notice_kind', { length: 20 }).notNull(),
    text: varchar('notice_text', { length: 400 }).notNull(),
    createdAt: at('notice_created_at').notNull().defaultNow(),
    seenAt: at('notice_seen_at'),
  },
  (t) => [index('office_notices_user_idx').on(t.userID, t.seenAt)],
);
