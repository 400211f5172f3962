import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { importFileParts, imports, importWrites } from '../db/tables/imports';
import { jobs } from '../db/tables/jobs';
import { users } from '../db/tables/users';
import { inTransaction } from '../crud/records';
import { badRequest, conflict, HttpError, notFound } from '../errors';
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
import { enqueueJob, makeJobDue } from '../jobs/queue';
import { JOB_KINDS } from '../../src/domain/jobs';
import {
  COMMITTABLE_IMPORT_STATUSES,
  IMPORT_READS_PER_USER,
  importMessages,
  WORKING_IMPORT_STATUSES,
  type ImportStatus,
} from '../../src/domain/importing/importStatus';
import { checkedBase64, type ParsedFile } from './parseFile';
import { planImport, previewOf, type Preview } from './plan';
import { commitPlan, type CommitProgress } from './commit';
import { refuseIfChangedSince, reverseWrites, undoImport, undoSize, undoSteps } from './undo';
import { stepsInOwnTransactions, stepsInTransaction } from './writeSteps';

/**
 * The imports' steps (issue 25), each checked whole before it writes: upload (the file parsed
 * and kept, pending), mapping (the preview; nothing written but the mapping), commit (one
 * transaction), undo. A bad request is a 400 naming its field.
 */
const fieldError = (field: string, message: string) => new HttpError(400, message, { [field]: message });

const FILE_NAME_MAX = 255;

/** Reads an uploaded file's bytes off the event loop: the heavy-work pool's `readImportFile`, under the uploader's share. */
export type ImportFileReader = (bytes: Buffer) => Promise<ParsedFile>;

/** Characters of base64 a stored part of a file holds (a multiple of 4: each part decodes on its own). */
export const IMPORT_FILE_PART_CHARS = 256 * 1024;

/**
 * How long a reading job waits for its file's parts: the upload makes it due at once when the
 * last part is stored; a server that stopped part way leaves it to run then and refuse the file.
 */
const UPLOAD_GRACE_MS = 5 * 60_000;

/** One turn of the event loop: PGlite answers in microtasks, and others' requests are read between two statements. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Stores an uploaded file and queues its reading (issue 36): what can be checked at once (the
 * kind, the name, base64, the 10 MB) is a 400 naming its field; the file itself is read by the
 * `importRead` job, on a worker thread, and refused there when it is not readable or passes a
 * limit. The file is stored in parts, a statement each (`import_file_parts`). Answers at once
 * with the import and its job.
 */
export async function createImport(
  db: Db,
  body: Record<string, unknown>,
  userId: number | null,
  now: number,
): Promise<{ id: number; jobID: number }> {
  const { kind, fileName, content } = body;
  if (!isImportKind(kind)) throw fieldError('kind', `Kind must be one of ${IMPORT_KINDS.join(', ')}.`);
  if (typeof fileName !== 'string' || fileName.trim() === '') throw fieldError('fileName', 'File name is required.');
  const name = fileName.replace(/^.*[\\/]/, '').trim();
  if (name.length > FILE_NAME_MAX || name.includes('\u0000'))
    throw fieldError('fileName', `File name cannot exceed ${FILE_NAME_MAX} characters.`);
  let base64: string;
  try {
    base64 = checkedBase64(content);
  } catch (error) {
    throw fieldError('content', error instanceof HttpError ? error.message : importMessages.unreadable);
  }
  const parts = Math.ceil(base64.length / IMPORT_FILE_PART_CHARS);
  const queued = await inTransaction(db, async (tx) => {
    if (userId !== null) {
      const [{ waiting }] = await tx
        .select({ waiting: count() })
        .from(imports)
        .where(and(eq(imports.userId, userId), eq(imports.status, 'reading')));
      if (waiting >= IMPORT_READS_PER_USER) throw new HttpError(429, importMessages.tooManyReading);
    }
    const [row] = await tx
      .insert(imports)
      .values({ kind, fileName: name || 'import', userId, status: 'reading', columns: [], rows: [], rowCount: 0 })
      .returning({ id: imports.id });
    const payload: ReadPayload = { importID: row.id, parts };
    const jobID = await enqueueJob(tx, { kind: JOB_KINDS.importRead, payload, ownerId: userId, runAt: now + UPLOAD_GRACE_MS }, now);
    await tx.update(imports).set({ jobId: jobID }).where(eq(imports.id, row.id));
    return { id: row.id, jobID };
  });
  for (let partNo = 0; partNo < parts; partNo++) {
    await nextTurn();
    const data = base64.slice(partNo * IMPORT_FILE_PART_CHARS, (partNo + 1) * IMPORT_FILE_PART_CHARS);
    await db.insert(importFileParts).values({ importId: queued.id, partNo, data });
  }
  await makeJobDue(db, queued.jobID, now);
  return queued;
}

/** The reading job's payload: the import, and how many parts its file was stored in. */
export interface ReadPayload {
  importID: number;
  parts: number;
}

/** The file's bytes from its stored parts; undefined when some are missing (its upload did not finish). */
async function storedFile(db: Db, importID: number, parts: number): Promise<Buffer | undefined> {
  const stored = await db
    .select({ data: importFileParts.data })
    .from(importFileParts)
    .where(eq(importFileParts.importId, importID))
    .orderBy(importFileParts.partNo);
  if (stored.length !== parts) return undefined;
  return Buffer.concat(stored.map((part) => Buffer.from(part.data, 'base64')));
}

/** The file's columns, the mapping suggested from its headers and the layout they are an export of. */
function suggestionFor(kind: ImportKind, columns: string[]) {
  const { layout, mapping } = suggestImport(kind, columns);
  return { suggestedMapping: mapping, layout: layout && { id: layout.id, label: layout.label, message: layoutMessage(layout) } };
}

/**
 * The reading job's work: the stored file read on a worker thread (`read`), its rows kept and
 * its parts dropped; the import is then pending, waiting for its mapping. A file refused (not
 * readable, beyond a limit, its upload unfinished) is a 400 whose message the job's `failed`
 * hook keeps on the import. Run again (a crash), it reads again; once read, it answers what it read.
 */
export async function readImport(db: Db, { importID, parts }: ReadPayload, read: ImportFileReader) {
  const row = await storedImport(db, importID);
  const kind = row.kind as ImportKind;
  // Tried again (Settings › Jobs) once refused: its file is gone, and the reason stands.
  if (row.status === 'refused') throw badRequest(row.error ?? importMessages.unreadable);
  if (row.status !== 'reading') return { id: importID, columns: row.columns, ...suggestionFor(kind, row.columns), rowCount: row.rowCount };
  const file = await storedFile(db, importID, parts);
  if (!file) throw badRequest(importMessages.uploadUnfinished);
  let parsed: ParsedFile;
  try {
    parsed = await read(file);
  } catch (error) {
    if (error instanceof TooMuchHeavyWork) throw error;
    throw badRequest(error instanceof HttpError ? error.message : importMessages.unreadable);
  }
  await inTransaction(db, async (tx) => {
    await tx
      .update(imports)
      .set({ status: 'pending', columns: parsed.columns, rows: parsed.rows, rowCount: parsed.rows.length })
      .where(and(eq(imports.id, importID), eq(imports.status, 'reading')));
    await tx.delete(importFileParts).where(eq(importFileParts.importId, importID));
  });
  return { id: importID, columns: parsed.columns, ...suggestionFor(kind, parsed.columns), rowCount: parsed.rows.length };
}

/** A file that was not read: refused with why, and nothing of it kept. */
export async function refuseImport(db: Db, id: number, error: string) {
  await inTransaction(db, async (tx) => {
    await tx
      .update(imports)
      .set({ status: 'refused', error })
      .where(and(eq(imports.id, id), eq(imports.status, 'reading')));
    await tx.delete(importFileParts).where(eq(importFileParts.importId, id));
  });
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

async function storedImport(db: Db, id: number, lock = false) {
  const query = db.select().from(imports).where(eq(imports.id, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound(importMessages.notFound);
  return row;
}

/** An import that may be (re)mapped and committed: pending, or failed (nothing of it was kept). */
async function committableImport(db: Db, id: number, lock = false) {
  const row = await storedImport(db, id, lock);
  const status = row.status as ImportStatus;
  if (WORKING_IMPORT_STATUSES.includes(status)) throw conflict(importMessages.busy(status));
  if (!COMMITTABLE_IMPORT_STATUSES.includes(status)) throw conflict(importMessages.alreadyDone(status));
  return row;
}

export async function setMapping(db: Db, id: number, body: Record<string, unknown>): Promise<Preview> {
  const row = await committableImport(db, id);
  const kind = row.kind as ImportKind;
  const { mapping, duplicates } = parseMapping(kind, row.columns, body);
  const plan = await planImport(db, kind, row.columns, row.rows, mapping, duplicates);
  await db.update(imports).set({ mapping, duplicates }).where(eq(imports.id, id));
  return previewOf(plan);
}

/**
 * Queues an import's commit (issue 36): the import becomes `committing` and its job is queued
 * in the same transaction. Refused at once when it cannot be committed.
 */
export async function startCommit(db: Db, id: number, ownerId: number | null, now: number): Promise<{ jobID: number }> {
  return inTransaction(db, async (tx) => {
    const row = await committableImport(tx, id, true);
    if (!row.mapping) throw fieldError('mapping', importMessages.needsMapping);
    const jobID = await enqueueJob(tx, { kind: JOB_KINDS.importCommit, payload: { importID: id }, ownerId, maxAttempts: 3 }, now);
    await tx.update(imports).set({ status: 'committing', jobId: jobID, error: null }).where(eq(imports.id, id));
    return { jobID };
  });
}

export interface CommitOptions {
  /** Each write its own short transaction (PGlite: server/imports/writeSteps.ts). */
  inSteps: boolean;
  signal?: AbortSignal;
  progress?: CommitProgress;
}

/** The commit job's work: the plan worked out again against what is stored now, and carried out. */
export async function commitImport(db: Db, id: number, { inSteps, signal, progress }: CommitOptions) {
  const finish = async (tx: Db, result: Awaited<ReturnType<typeof commitPlan>>) => {
    const { created, updated, skipped, undo } = result;
    await tx
      .update(imports)
      .set({ status: 'committed', created, updated, skipped, undo, rows: [], error: null, committedAt: sql`now()` })
      .where(eq(imports.id, id));
    await tx.delete(importWrites).where(eq(importWrites.importId, id));
    return { created, updated, skipped };
  };
  const plan = async (tx: Db) => {
    const row = await storedImport(tx, id);
    if (row.status !== 'committing') throw conflict(importMessages.alreadyDone(row.status as ImportStatus));
    const kind = row.kind as ImportKind;
    return { kind, plan: await planImport(tx, kind, row.columns, row.rows, row.mapping ?? {}, row.duplicates as DuplicateMode) };
  };
  if (!inSteps) {
    return inTransaction(db, async (tx) => {
      const { kind, plan: planned } = await plan(tx);
      return finish(tx, await commitPlan(tx, stepsInTransaction(tx, signal), kind, planned, progress));
    });
  }
  const { kind, plan: planned } = await plan(db);
  const result = await commitPlan(db, stepsInOwnTransactions(db, id, signal), kind, planned, progress);
  return inTransaction(db, (tx) => finish(tx, result));
}

/**
 * Queues an import's undo (a committed one) or discard (one not committed): the import becomes
 * `undoing` and its job is queued in the same transaction.
 */
export async function startUndo(db: Db, id: number, ownerId: number | null, now: number): Promise<{ jobID: number }> {
  return inTransaction(db, async (tx) => {
    const row = await storedImport(tx, id, true);
    const status = row.status as ImportStatus;
    if (WORKING_IMPORT_STATUSES.includes(status)) throw conflict(importMessages.busy(status));
    if (status === 'undone') throw conflict(importMessages.alreadyDone(status));
    const jobID = await enqueueJob(tx, { kind: JOB_KINDS.importUndo, payload: { importID: id, from: status }, ownerId }, now);
    await tx.update(imports).set({ status: 'undoing', jobId: jobID, error: null }).where(eq(imports.id, id));
    return { jobID };
  });
}

export interface UndoOptions {
  /** Each step its own short transaction (PGlite), others' requests running between them. */
  inSteps: boolean;
  progress?: CommitProgress;
}

/**
 * The undo job's work: refused (409, naming the records) when what the import wrote was changed
 * or used since. On PostgreSQL one transaction. On PGlite, once checked, steps of at most 400
 * records, each a short transaction that counts itself done on the import
 * (`import_undo_steps_done`): an undo interrupted (its server stopped, a step refused) goes on
 * from there when it runs again, unchecked, as the undo was already under way.
 */
export async function undoOrDiscard(
  db: Db,
  id: number,
  { inSteps, progress }: UndoOptions,
): Promise<{ deleted: number; restored: number }> {
  if (!inSteps)
    return inTransaction(db, async (tx) => {
      const row = await storedImport(tx, id, true);
      if (row.status !== 'undoing') return { deleted: 0, restored: 0 };
      if (!row.committedAt) return discard(tx, id);
      const result = await undoImport(tx, row.undo ?? NOTHING_WRITTEN);
      await markUndone(tx, id);
      return result;
    });
  const row = await storedImport(db, id);
  if (row.status !== 'undoing') return { deleted: 0, restored: 0 };
  if (!row.committedAt) return discard(db, id);
  const undo = row.undo ?? NOTHING_WRITTEN;
  if (row.undoStepsDone === null) await refuseIfChangedSince(db, undo);
  const steps = undoSteps(undo);
  const total = undoSize(undo);
  let done = steps.slice(0, row.undoStepsDone ?? 0).reduce((sum, step) => sum + undoSize(step), 0);
  for (let index = row.undoStepsDone ?? 0; index < steps.length; index++) {
    await nextTurn();
    try {
      await inTransaction(db, async (tx) => {
        await reverseWrites(tx, steps[index]);
        await tx
          .update(imports)
          .set({ undoStepsDone: index + 1 })
          .where(eq(imports.id, id));
      });
    } catch (error) {
      if (index === 0) throw error;
      throw Object.assign(conflict(importMessages.undoStoppedPartWay), { cause: error });
    }
    done += undoSize(steps[index]);
    progress?.(done, total, importMessages.undoingPhase);
  }
  await markUndone(db, id);
  return { deleted: total - undo.updated.length, restored: undo.updated.length };
}

const NOTHING_WRITTEN = { created: {}, updated: [] };

async function discard(db: Db, id: number) {
  await db.delete(imports).where(eq(imports.id, id));
  return { deleted: 0, restored: 0 };
}

async function markUndone(db: Db, id: number) {
  await db
    .update(imports)
    .set({ status: 'undone', undoneAt: sql`now()` })
    .where(eq(imports.id, id));
}

/** Ends a job's work on an import that did not happen: back to `status`, with why. */
export async function settleImport(db: Db, id: number, from: ImportStatus, status: ImportStatus, error: string | null) {
  await db
    .update(imports)
    .set({ status, error })
    .where(and(eq(imports.id, id), eq(imports.status, from)));
}

export const IMPORT_HISTORY_MAX = 200;

/** The imports' history query: newest first, with who and how far a job at work on one has got. */
function historyQuery(db: Db) {
  return db
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
      jobID: imports.jobId,
      error: imports.error,
      progressDone: jobs.progressDone,
      progressTotal: jobs.progressTotal,
      progressPhase: jobs.progressPhase,
    })
    .from(imports)
    .leftJoin(users, eq(users.id, imports.userId))
    .leftJoin(jobs, and(eq(jobs.id, imports.jobId), inArray(imports.status, [...WORKING_IMPORT_STATUSES])))
    .$dynamic();
}

type HistoryRow = Awaited<ReturnType<ReturnType<typeof historyQuery>['execute']>>[number];

function historyEntry({ progressDone, progressTotal, progressPhase, ...row }: HistoryRow) {
  return {
    ...row,
    // How far the job at work on it has got (null when none is).
    progress: WORKING_IMPORT_STATUSES.includes(row.status as ImportStatus)
      ? { done: progressDone, total: progressTotal, phase: progressPhase }
      : null,
  };
}

export async function importHistory(db: Db) {
  const rows = await historyQuery(db).orderBy(desc(imports.createdAt), desc(imports.id)).limit(IMPORT_HISTORY_MAX);
  return { imports: rows.map(historyEntry) };
}

/**
 * One import as its history lists it, with the file's columns, the mapping suggested from its
 * headers, the one chosen (null before the preview) and the layout recognised.
 */
export async function importDetail(db: Db, id: number) {
  const [row] = await historyQuery(db).where(eq(imports.id, id));
  if (!row) throw notFound(importMessages.notFound);
  const [{ columns, mapping }] = await db
    .select({ columns: imports.columns, mapping: imports.mapping })
    .from(imports)
    .where(eq(imports.id, id));
  return { ...historyEntry(row), columns, ...suggestionFor(row.kind as ImportKind, columns), mapping };
}
