import { integer, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * Each owner's share of the heavy work (server/work/workShares.ts): a row per slot taken, so
 * that every server on one database counts the same slots. A slot whose holder died frees
 * itself when `expires_at` passes.
 */
export const workSlots = pgTable(
  'work_slots',
  {
    owner: varchar('work_slot_owner', { length: 100 }).notNull(),
    slot: integer('work_slot').notNull(),
    holder: varchar('work_slot_holder', { length: 120 }).notNull(),
    expiresAt: timestamp('work_slot_expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.owner, t.slot] })],
);
