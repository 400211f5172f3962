import { readImportFileOffThread } from './readFileTask';
import { JOB_KINDS } from '../../src/domain/jobs';
import { importMessages, type ImportStatus } from '../../src/domain/importing/importStatus';
import { HttpError } from '../errors';
import { defineJobKind, JobFailure } from '../jobs/kinds';
import { userOwner } from '../work/heavyWork';
import { commitImport, settleImport, undoOrDiscard } from './importService';
import { readImport, refuseImport, type ReadPayload } from './upload';
import { rollBackSteps } from './writeSteps';

interface ImportPayload {
  importID: number;
}

/** A refusal the office should read (a 4xx) as it is; anything else as the import's own message. */
function failure(error: unknown, message: string): JobFailure {
  if (error instanceof HttpError && error.statusCode < 500) return new JobFailure(error.message, { cause: error.cause });
  return new JobFailure(message, { cause: error });
}

/**
 * The reading of an uploaded file (issue 36), queued by `POST /api/imports`: on a worker thread
 * under its owner's share (a fourth at once waits and tries again). A file that cannot be read
 * or passes a limit fails the job at once, and the import is `refused` with the reason. Its
 * result is what the wizard's mapping step needs: {id, columns, suggestedMapping, layout, rowCount}.
 */
export const importReadJob = defineJobKind<ReadPayload, Awaited<ReturnType<typeof readImport>>>({
  kind: JOB_KINDS.importRead,
  async run(payload, { db, ownerId, services, progress }) {
    progress(null, null, importMessages.readingPhase);
    const owner = ownerId === null ? 'system' : userOwner({ id: ownerId });
    return readImport(db, payload, (bytes) => readImportFileOffThread(services.heavyWork, owner, bytes));
  },
  async failed({ importID }, error, db) {
    await refuseImport(db, importID, error);
  },
  async cancelled({ importID }, db) {
    await refuseImport(db, importID, importMessages.cancelled);
  },
});

/**
 * An import's commit (issue 36), queued by `POST /api/imports/:id/commit`. It can be cancelled
 * between two steps. What a run that stopped part way wrote is rolled back: at once when it is
 * cancelled or fails, and by the next run after a crash (which then fails: the office sees the
 * import failed with nothing of it kept, and commits it again). A worker that stops gives the
 * job back; the next run rolls back and starts over.
 */
export const importCommitJob = defineJobKind<ImportPayload, { created: number; updated: number; skipped: number }>({
  kind: JOB_KINDS.importCommit,
  cancellable: true,
  maxAttempts: 3,
  async run({ importID }, { db, attempt, signal, progress, services }) {
    await rollBackSteps(db, importID);
    if (attempt > 1) throw new JobFailure(importMessages.interrupted);
    // An admin's retry of this job (Settings › Jobs) takes its failed import up again.
    await settleImport(db, importID, 'failed', 'committing', null);
    try {
      return await commitImport(db, importID, { inSteps: services.writesInSteps, beforeStep: services.othersFirst, signal, progress });
    } catch (error) {
      if (signal.aborted) throw error;
      throw failure(error, importMessages.writeFailed);
    }
  },
  async failed({ importID }, error, db) {
    await rollBackSteps(db, importID);
    await settleImport(db, importID, 'committing', 'failed', error);
  },
  async cancelled({ importID }, db) {
    await rollBackSteps(db, importID);
    await settleImport(db, importID, 'committing', 'pending', importMessages.cancelled);
  },
});

interface UndoPayload {
  importID: number;
  /** What the import was before: it goes back to it when the undo is refused. */
  from: ImportStatus;
}

/**
 * An import's undo (or a discard of one not committed), queued by `DELETE /api/imports/:id`.
 * Refused, it leaves the import as it was, saying why; on PGlite, an undo refused or stopped
 * part way is taken up where it stopped by the next undo.
 */
export const importUndoJob = defineJobKind<UndoPayload, { deleted: number; restored: number }>({
  kind: JOB_KINDS.importUndo,
  async run({ importID, from }, { db, services, progress }) {
    await settleImport(db, importID, from, 'undoing', null);
    try {
      return await undoOrDiscard(db, importID, { inSteps: services.writesInSteps, beforeStep: services.othersFirst, progress });
    } catch (error) {
      throw failure(error, importMessages.undoFailed);
    }
  },
  async failed({ importID, from }, error, db) {
    await settleImport(db, importID, 'undoing', from, error);
  },
});
