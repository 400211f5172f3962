import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { imports } from '../db/tables/imports';
import { users } from '../db/tables/users';
import { inTransaction } from '../crud/records';
import { conflict, HttpError, notFound } from '../errors';
import { layoutMessage, suggestImport } from '../../src/domain/importing/layouts';
import {
  DUPLICATE_MODES,
  IMPORT_KINDS,
  IMPORT_TARGETS,
  isDuplicateMode,
  isImportKind,
  type DuplicateMode,
  type ImportKind,
  type ImportMapping,
} from '../../src/domain/importing/targets';
import { TooMuchHeavyWork } from '../work/heavyWork';
import { decodeContent, type ParsedFile } from './parseFile';
import { planImport, previewOf, type Preview } from './plan';
import { commitPlan } from './commit';
import { undoImport } from './undo';
import { withDeferredSearchIndexes } from './deferredSearchIndexes';

/**
 * The imports' steps (issue 25), each checked whole before it writes: upload (the file parsed
 * and kept, pending), mapping (the preview; nothing written but the mapping), commit (one
 * transaction), undo. A bad request is a 400 naming its field.
 */
const fieldError = (field: string, message: string) => new HttpError(400, message, { [field]: message });

const NOT_FOUND = 'Import not found.';
const FILE_NAME_MAX = 255;

/** Reads an uploaded file's bytes off the event loop: the heavy-work pool's `readImportFile`, under the uploader's share. */
export type ImportFileReader = (bytes: Buffer) => Promise<ParsedFile>;

export async function createImport(db: Db, body: Record<string, unknown>, userId: number | undefined, readFile: ImportFileReader) {
  const { kind, fileName, content } = body;
  if (!isImportKind(kind)) throw fieldError('kind', `Kind must be one of ${IMPORT_KINDS.join(', ')}.`);
  if (typeof fileName !== 'string' || fileName.trim() === '') throw fieldError('fileName', 'File name is required.');
  const name = fileName.replace(/^.*[\\/]/, '').trim();
  if (name.length > FILE_NAME_MAX || name.includes('\u0000'))
    throw fieldError('fileName', `File name cannot exceed ${FILE_NAME_MAX} characters.`);
  let parsed;
  try {
    parsed = await readFile(decodeContent(content));
  } catch (error) {
    if (error instanceof TooMuchHeavyWork) throw error;
    if (error instanceof HttpError) throw fieldError('content', error.message);
    throw fieldError('content', 'The file could not be read.');
  }
  const [row] = await db
    .insert(imports)
    .values({
      kind,
      fileName: name || 'import',
      userId: userId ?? null,
      columns: parsed.columns,
      rows: parsed.rows,
      rowCount: parsed.rows.length,
    })
    .returning({ id: imports.id });
  const { layout, mapping } = suggestImport(kind, parsed.columns);
  return {
    id: row.id,
    columns: parsed.columns,
    suggestedMapping: mapping,
    layout: layout && { id: layout.id, label: layout.label, message: layoutMessage(layout) },
    rowCount: parsed.rows.length,
  };
}

/** The mapping and duplicates mode of a PUT, checked against the kind's targets and the file's columns. */
function parseMapping(
  kind: ImportKind,
  columns: string[],
  body: Record<string, unknown>,
): { mapping: ImportMapping; duplicates: DuplicateMode } {
  const given = body.mapping;
  if (given === null || typeof given !== 'object' || Array.isArray(given))
    throw fieldError('mapping', 'Mapping is required: an object of field → column.');
  const targets = new Set(IMPORT_TARGETS[kind].map((t) => t.key));
  const mapping: ImportMapping = {};
  for (const t of IMPORT_TARGETS[kind]) mapping[t.key] = null;
  for (const [key, column] of Object.entries(given)) {
    if (!targets.has(key)) throw fieldError('mapping', `The mapping names a field that ${kind} do not have: "${key.slice(0, 100)}".`);
    if (column === null || column === '') continue;
    if (typeof column !== 'string') throw fieldError('mapping', `The column of "${key}" must be a column name or null.`);
    if (!columns.includes(column))
      throw fieldError('mapping', `The mapping names a column the file does not have: "${column.slice(0, 100)}".`);
    mapping[key] = column;
  }
  const duplicates = body.duplicates ?? 'skip';
  if (!isDuplicateMode(duplicates)) throw fieldError('duplicates', `Duplicates must be one of ${DUPLICATE_MODES.join(', ')}.`);
  return { mapping, duplicates };
}

async function pendingImport(db: Db, id: number, lock = false) {
  const query = db.select().from(imports).where(eq(imports.id, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound(NOT_FOUND);
  if (row.status !== 'pending') throw conflict(`This import was already ${row.status}.`);
  return row;
}

export async function setMapping(db: Db, id: number, body: Record<string, unknown>): Promise<Preview> {
  const row = await pendingImport(db, id);
  const kind = row.kind as ImportKind;
  const { mapping, duplicates } = parseMapping(kind, row.columns, body);
  const plan = await planImport(db, kind, row.columns, row.rows, mapping, duplicates);
  await db.update(imports).set({ mapping, duplicates }).where(eq(imports.id, id));
  return previewOf(plan);
}

/** The tables an import writes (their search indexes may be deferred during the commit). */
const IMPORTED_TABLES = ['customers', 'contacts', 'sites', 'items'];

/** `deferSearchIndexes`: on PGlite only (server/imports/deferredSearchIndexes.ts says why). */
export async function commitImport(db: Db, id: number, { deferSearchIndexes = false } = {}) {
  return inTransaction(db, async (tx) => {
    const row = await pendingImport(tx, id, true);
    if (!row.mapping) throw fieldError('mapping', 'Choose the mapping (PUT /api/imports/:id/mapping) before committing.');
    const kind = row.kind as ImportKind;
    const plan = await planImport(tx, kind, row.columns, row.rows, row.mapping, row.duplicates as DuplicateMode);
    const commit = () => commitPlan(tx, kind, plan);
    const { created, updated, skipped, undo } = deferSearchIndexes
      ? await withDeferredSearchIndexes(tx, IMPORTED_TABLES, commit)
      : await commit();
    await tx
      .update(imports)
      .set({ status: 'committed', created, updated, skipped, undo, rows: [], committedAt: sql`now()` })
      .where(eq(imports.id, id));
    return { created, updated, skipped };
  });
}

/** Undo of a committed import; a pending one is discarded (nothing was written). */
export async function deleteImport(db: Db, id: number): Promise<{ deleted: number; restored: number }> {
  return inTransaction(db, async (tx) => {
    const [row] = await tx.select().from(imports).where(eq(imports.id, id)).for('update');
    if (!row) throw notFound(NOT_FOUND);
    if (row.status === 'undone') throw conflict('This import was already undone.');
    if (row.status === 'pending') {
      await tx.delete(imports).where(eq(imports.id, id));
      return { deleted: 0, restored: 0 };
    }
    const result = await undoImport(tx, row.undo ?? { created: {}, updated: [] });
    await tx
      .update(imports)
      .set({ status: 'undone', undoneAt: sql`now()` })
      .where(eq(imports.id, id));
    return result;
  });
}

export const IMPORT_HISTORY_MAX = 200;

export async function importHistory(db: Db) {
  const rows = await db
    .select({
      id: imports.id,
      kind: imports.kind,
      fileName: imports.fileName,
      userID: imports.userId,
      userName: sql<string | null>`nullif(concat_ws(' ', ${users.firstName}, ${users.lastName}), '')`,
      createdAt: imports.createdAt,
      status: imports.status,
      rowCount: imports.rowCount,
      duplicates: imports.duplicates,
      created: imports.created,
      updated: imports.updated,
      skipped: imports.skipped,
      committedAt: imports.committedAt,
      undoneAt: imports.undoneAt,
    })
    .from(imports)
    .leftJoin(users, eq(users.id, imports.userId))
    .orderBy(desc(imports.createdAt), desc(imports.id))
    .limit(IMPORT_HISTORY_MAX);
  return { imports: rows };
}
