import type { FastifyInstance } from 'fastify';
import * as actions from '../../src/schema/actions/estimateCopies';
import { registerAction } from '../actions/registerAction';
import { writeContext } from '../crud/registerEntityRoutes';
import { inTransaction } from '../crud/records';
import { duplicateEstimate } from './duplicateEstimate';
import { checkRenewal } from './renewEstimates';
import { renewalJob, type RenewalPayload } from './renewalJob';
import { enqueueJob } from '../jobs/queue';

/**
 * Copies of estimates (issue 23 "Copies" and "Renewals"), server/estimates/copyEstimates.ts:
 * - `POST /api/estimates/:id/duplicate {siteID?, projectName?, salesperson?, estimator?}` → `201 {id}`;
 * - `POST /api/estimates/renew {estimateIDs, pricing, projectName?}` → `202 {jobID}`, the renewal
 *   being a job (./renewalJob.ts) whose result is `{created}`.
 * Bodies are checked whole before anything is written (400 naming the fields).
 */
export async function estimateCopyRoutes(api: FastifyInstance): Promise<void> {
  const { db } = api.deps.database;

  registerAction(api, actions.duplicateEstimate, async ({ ids, body, request }) => ({
    id: await inTransaction(db, (tx) => duplicateEstimate(tx, ids.id, body, writeContext(request))),
  }));

  registerAction(api, actions.renewEstimates, async ({ body, request }) => {
    await checkRenewal(db, body);
    const userId = request.user.id;
    const payload: RenewalPayload = { request: body, userId };
    const jobID = await inTransaction(db, (tx) =>
      enqueueJob(tx, { kind: renewalJob.kind, payload, ownerId: userId, maxAttempts: renewalJob.maxAttempts }, api.deps.now()),
    );
    api.jobs.kick();
    return { jobID };
  });
}
