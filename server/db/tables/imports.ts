import { integer, jsonb, pgTable, primaryKey, serial, text, timestamp, varchar, index } from 'drizzle-orm/pg-core';
import { jobs } from './jobs';
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
    /** IMPORT_STATUSES (src/domain/importing/importStatus.ts). */
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
    /**
     * How many steps of its undo are done, when it is undone in steps (PGlite): null before the
     * undo was checked and began; an undo interrupted goes on from here, unchecked.
     */
    undoStepsDone: integer('import_undo_steps_done'),
    /** The job reading, committing or undoing it (the latest one). */
    jobId: integer('import_job_id').references(() => jobs.id, { onDelete: 'set null' }),
    /** Why the file was refused, or why the last commit or undo did not happen, as the office reads it. */
    error: text('import_error'),
  },
  (t) => [index('imports_created_at_idx').on(t.createdAt)],
);

/**
 * What a commit written in steps has written so far (on PGlite, where each step is its own
 * short transaction so that others' requests run between them): one row per step, in that
 * step's transaction. A commit that stops part way (cancelled, failed, its server killed) is
 * rolled back from these; a finished one folds them into `import_undo` and drops them.
 */
export const importWrites = pgTable(
  'import_writes',
  {
    id: serial('import_write_id').primaryKey(),
    importId: integer('import_write_import_id')
      .notNull()
      .references(() => imports.id, { onDelete: 'cascade' }),
    undo: jsonb('import_write_undo').$type<ImportUndo>().notNull(),
  },
  (t) => [index('import_writes_import_idx').on(t.importId)],
);

/**
 * An uploaded file, as its base64 text in parts of IMPORT_FILE_PART_CHARS, kept only until its
 * reading job has read (or refused) it. Each part is written by a statement of its own: on
 * PGlite (one connection) others' requests run between them, where one 10 MB value would hold
 * the database for most of a second.
 */
export const importFileParts = pgTable(
  'import_file_parts',
  {
    importId: integer('import_file_part_import_id')
      .notNull()
      .references(() => imports.id, { onDelete: 'cascade' }),
    partNo: integer('import_file_part_no').notNull(),
    data: text('import_file_part_data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.importId, t.partNo] })],
);
