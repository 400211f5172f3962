import { integer, pgTable, primaryKey, varchar } from 'drizzle-orm/pg-core';

/**
 * What the demo seed created (issue 25, Settings › Demo data): one row per record, with the
 * version it was seeded at, so that removing the demo company deletes exactly those records
 * and can tell which were changed since.
 */
export const demoRecords = pgTable(
  'demo_records',
  {
    entity: varchar('demo_record_entity', { length: 40 }).notNull(),
    recordID: integer('demo_record_id').notNull(),
    version: integer('demo_record_version').notNull(),
  },
  (t) => [primaryKey({ columns: [t.entity, t.recordID] })],
);
