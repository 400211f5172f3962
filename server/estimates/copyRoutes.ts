import type { FastifyInstance } from 'fastify';
import * as actions from '../../src/schema/actions/estimateCopies';
import { registerAction } from '../actions/registerAction';
import { writeContext } from '../crud/registerEntityRoutes';
import { inTransaction } from '../crud/records';
import { duplicateEstimate } from './duplicateEstimate';
import { renewEstimates } from './renewEstimates';

/**
 * Copies of estimates (issue 23 "Copies" and "Renewals"), server/estimates/copyEstimates.ts:
 * - `POST /api/estimates/:id/duplicate {siteID?, projectName?, salesperson?, estimator?}` → `201 {id}`;
 * - `POST /api/estimates/renew {estimateIDs, pricing, projectName?}` → `201 {created}`.
 * Bodies are checked whole before the transaction (400 naming the fields); each route is
 * one transaction.
 */
export async function estimateCopyRoutes(api: FastifyInstance): Promise<void> {
  const { db } = api.deps.database;

  registerAction(api, actions.duplicateEstimate, async ({ ids, body, request }) => ({
    id: await inTransaction(db, (tx) => duplicateEstimate(tx, ids.id, body, writeContext(request))),
  }));

  registerAction(api, actions.renewEstimates, async ({ body, request }) =>
    inTransaction(db, (tx) => renewEstimates(tx, body, writeContext(request))),
  );
}
