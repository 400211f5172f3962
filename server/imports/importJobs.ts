import { JOB_KINDS } from '../../src/domain/jobs';
import { importMessages, type ImportStatus } from '../../src/domain/importing/importStatus';
import { HttpError } from '../errors';
import { defineJobKind, JobFailure } from '../jobs/kinds';
import { commitImport, settleImport, undoOrDiscard } from './importService';
import { rollBackSteps } from './writeSteps';

interface CommitPayload {
  importID: number;
}

/** A refusal the office should read (a 4xx) as it is; anything else as the import's own message. */
function failure(error: unknown, message: string): JobFailure {
  if (error instanceof HttpError && error.statusCode < 500) return new JobFailure(error.message);
  return new JobFailure(message, { cause: error });
}

/**
 * An import's commit (issue 36), queued by `POST /api/imports/:id/commit`. It can be cancelled
 * between two steps. What a run that stopped part way wrote is rolled back: at once when it is
 * cancelled or fails, and by the next run after a crash (which then fails: the office sees the
 * import failed with nothing of it kept, and commits it again). A worker that stops gives the
 * job back; the next run rolls back and starts over.
 */
export const importCommitJob = defineJobKind<CommitPayload, { created: number; updated: number; skipped: number }>({
  kind: JOB_KINDS.importCommit,
  cancellable: true,
  maxAttempts: 3,
  async run({ importID }, { db, attempt, signal, progress, services }) {
    await rollBackSteps(db, importID);
    if (attempt > 1) throw new JobFailure(importMessages.interrupted);
    // An admin's retry of this job (Settings › Jobs) takes its failed import up again.
    await settleImport(db, importID, 'failed', 'committing', null);
    try {
      return await commitImport(db, importID, { inSteps: services.writesInSteps, signal, progress });
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

/** An import's undo (or a pending one's discard), queued by `DELETE /api/imports/:id`. */
export const importUndoJob = defineJobKind<UndoPayload, { deleted: number; restored: number }>({
  kind: JOB_KINDS.importUndo,
  async run({ importID, from }, { db }) {
    await settleImport(db, importID, from, 'undoing', null);
    try {
      return await undoOrDiscard(db, importID);
    } catch (error) {
      throw failure(error, importMessages.undoFailed);
    }
  },
  async failed({ importID, from }, error, db) {
    await settleImport(db, importID, 'undoing', from, error);
  },
});
