import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { imports, importWrites } from '../db/tables/imports';
import { jobs } from '../db/tables/jobs';
import { users } from '../db/tables/users';
import { inTransaction } from '../crud/records';
import { conflict, notFound } from '../errors';
import { importTargets, MAIN_ENTITY, type DuplicateMode, type ImportKind, type ImportMapping } from '../../src/domain/importing/targets';
import type { CustomFieldDefinition } from '../../src/schema/customFields';
import { customFieldsOf } from '../db/customFieldDefinitions';
import type { ImportMappingRequest } from '../../src/schema/actions/imports';
import { enqueueJob } from '../jobs/queue';
import { JOB_KINDS } from '../../src/domain/jobs';
import {
  COMMITTABLE_IMPORT_STATUSES,
  importMessages,
  WORKING_IMPORT_STATUSES,
  type ImportStatus,
} from '../../src/domain/importing/importStatus';
import { planImport, previewOf, type Preview } from './plan';
import { commitPlan, type CommitProgress } from './commit';
import { refuseIfChangedSince, reverseWrites, undoImport, undoSize, undoSteps } from './undo';
import { stepsInOwnTransactions, stepsInTransaction } from './writeSteps';

/**
 * The imports' steps after the upload (issue 25; the upload: upload.ts), each checked whole
 * before it writes: mapping (the preview; nothing written but the mapping), commit, undo. A bad
 * request is a 400 naming its field.
 */
import { fieldError, nextTurn, storedImport, suggestionFor } from './importRecord';

/**
 * A PUT's mapping against the kind's targets and the file's columns (its shape and the
 * duplicates mode were checked by the declaration, src/schema/actions/imports.ts): every target
 * not named is "Not imported".
 */
function mappingOf(
  kind: ImportKind,
  columns: string[],
  given: ImportMappingRequest['mapping'],
  custom: readonly CustomFieldDefinition[],
): ImportMapping {
  const all = importTargets(kind, custom);
  const targets = new Set(all.map((t) => t.key));
  const mapping: ImportMapping = {};
  for (const t of all) mapping[t.key] = null;
  for (const [key, column] of Object.entries(given)) {
    if (!targets.has(key)) throw fieldError('mapping', `The mapping names a field that ${kind} do not have: "${key.slice(0, 100)}".`);
    if (column === null || column === '') continue;
    if (!columns.includes(column))
      throw fieldError('mapping', `The mapping names a column the file does not have: "${column.slice(0, 100)}".`);
    mapping[key] = column;
  }
  return mapping;
}

/** An import that may be (re)mapped and committed: pending, or failed (nothing of it was kept). */
async function committableImport(db: Db, id: number, lock = false) {
  const row = await storedImport(db, id, lock);
  const status = row.status as ImportStatus;
  if (WORKING_IMPORT_STATUSES.includes(status)) throw conflict(importMessages.busy(status));
  if (!COMMITTABLE_IMPORT_STATUSES.includes(status)) throw conflict(importMessages.alreadyDone(status));
  return row;
}

export async function setMapping(db: Db, id: number, request: ImportMappingRequest): Promise<Preview> {
  const row = await committableImport(db, id);
  const kind = row.kind as ImportKind;
  const mapping = mappingOf(kind, row.columns, request.mapping, await customFieldsOf(db, MAIN_ENTITY[kind]));
  const { duplicates } = request;
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
  /** Awaited before each of those steps (the job's othersFirst: others' requests answer first). */
  beforeStep?: () => Promise<void>;
  signal?: AbortSignal;
  progress?: CommitProgress;
}

/** The commit job's work: the plan worked out again against what is stored now, and carried out. */
export async function commitImport(db: Db, id: number, { inSteps, beforeStep, signal, progress }: CommitOptions) {
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
  const result = await commitPlan(db, stepsInOwnTransactions(db, id, signal, beforeStep), kind, planned, progress);
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
  beforeStep?: CommitOptions['beforeStep'];
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
  { inSteps, beforeStep, progress }: UndoOptions,
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
    await beforeStep?.();
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
