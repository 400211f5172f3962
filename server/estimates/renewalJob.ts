import type { RenewalRequest } from '../../src/schema/actions/estimateCopies';
import { JOB_KINDS, renewalPhase } from '../../src/domain/jobs';
import { inTransaction } from '../crud/records';
import { HttpError } from '../errors';
import { defineJobKind, JobFailure } from '../jobs/kinds';
import { committedJobResult, storeJobResult } from '../jobs/queue';
import type { RenewalResult } from '../../src/domain/renewal';
import { renewEstimates } from './renewEstimates';

export interface RenewalPayload {
  request: RenewalRequest;
  /** Who asked: the salesperson and estimator of the copies. */
  userId: number;
}

/**
 * A season's renewal as a job (issue 36): every copy in one transaction, with the job's result,
 * so the renewal is all or nothing and a second try after a crash finds it done instead of
 * copying again. A problem found while pricing (a price past its column) fails the job with the
 * field's message; nothing is created.
 */
export const renewalJob = defineJobKind<RenewalPayload, RenewalResult>({
  kind: JOB_KINDS.estimateRenewal,
  maxAttempts: 3,
  async run({ request, userId }, { db, jobId, progress }) {
    const total = request.estimateIDs.length;
    progress(0, total, renewalPhase(total));
    try {
      const result = await inTransaction(db, async (tx) => {
        const done = await committedJobResult(tx, jobId);
        if (done) return done as RenewalResult;
        const made = await renewEstimates(tx, request, { userId });
        await storeJobResult(tx, jobId, made);
        return made;
      });
      progress(total, total, renewalPhase(total));
      return result;
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 400 && error.errors) {
        throw new JobFailure(Object.values(error.errors)[0], { cause: error });
      }
      throw error;
    }
  },
});
