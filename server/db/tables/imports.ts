import { integer, jsonb, pgTable, serial, timestamp, varchar, index } from 'drizzle-orm/pg-core';
import { users } from './users';

/** What a committed import wrote, to undo it: the ids it created and the previous values of what it updated. */
export interface ImportUndo {
  created: Partial<Record<'customers' | 'contacts' | 'sites' | 'items', number[]>>;
  updated: { table: 'customers' | 'contacts' | 'sites' | 'items'; id: number; version: number; previous: Record<string, unknown> }[];
}

/**
 * Imports (issue 25): an uploaded file's rows wait here, pending, while the office maps and
 * previews them; the commit writes the records, keeps the counts and what undoes it, and
 * drops the rows. Kept for the history (Settings › Import).
 */
export const imports = pgTable(
  'imports',
  {
    id: serial('import_id').primaryKey(),
    kind: varchar('import_kind', { length: 20 }).notNull(),
    fileName: varchar('import_file_name', { length: 255 }).notNull(),
    userId: integer('import_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('import_created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** pending | committed | undone */
    status: varchar('import_status', { length: 12 }).notNull().default('pending'),
    columns: jsonb('import_columns').$type<string[]>().notNull(),
    /** The file's non-empty rows, [row number, ...cells], until the commit. */
    rows: jsonb('import_rows').$type<[number, ...(string | null)[]][]>().notNull(),
    rowCount: integer('import_row_count').notNull(),
    mapping: jsonb('import_mapping').$type<Record<string, string | null>>(),
    duplicates: varchar('import_duplicates', { length: 10 }).notNull().default('skip'),
    created: integer('import_created').notNull().default(0),
    updated: integer('import_updated').notNull().default(0),
    skipped: integer('import_skipped').notNull().default(0),
    committedAt: timestamp('import_committed_at', { withTimezone: true, mode: 'date' }),
    undoneAt: timestamp('import_undone_at', { withTimezone: true, mode: 'date' }),
    undo: jsonb('import_undo').$type<ImportUndo>(),
  },
  (t) => [index('imports_created_at_idx').on(t.createdAt)],
);
