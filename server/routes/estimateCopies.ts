import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { estimates } from '../../src/schema';
import { RENEWAL_MAX_ESTIMATES, RENEWAL_PERCENT_MAX, RENEWAL_PERCENT_MIN } from '../../src/domain/renewal';
import { bodyOf, parseId, writeContext } from '../crud/registerEntityRoutes';
import { inTransaction } from '../crud/records';
import { duplicateEstimate, parseDuplicateRequest } from '../estimates/duplicateEstimate';
import { parseRenewalRequest, renewEstimates } from '../estimates/renewEstimates';
import type { RouteDoc } from '../openapi/routeDoc';
import { createdSchema, idParams, idSchema } from '../openapi/commonSchemas';
import { entityTag } from '../openapi/entityRouteDocs';

type Params = { id: string };

const docs = {
  duplicate: {
    tag: entityTag(estimates),
    summary: 'Duplicate an estimate',
    description:
      'A new estimate (new number, In Progress, not archived, the discount copied) with every work area, item and note copied and every total computed again, on the same site or another one (any customer\'s). The project name is "<name> (copy)" and the signed-in user its salesperson and estimator unless given (active users). One transaction; 404 for an unknown estimate or site.',
    params: idParams,
    body: z.object({
      siteID: idSchema.optional().describe("The site of the copy (by default the estimate's own)."),
      projectName: z.string().max(150).optional(),
      salesperson: idSchema.optional(),
      estimator: idSchema.optional(),
    }),
    responses: { 201: createdSchema },
    errors: [409],
  },
  renew: {
    tag: entityTag(estimates),
    summary: 'Renew estimates for the next season',
    description: `One copy of each estimate on its own site (as Duplicate does), its unit prices changed by a percent (${RENEWAL_PERCENT_MIN} to ${RENEWAL_PERCENT_MAX}, at most 2 decimals; each rounded half away from zero to the cent) or re-read from the catalogue and its size rules for the items picked from it (the others keep their price and are listed as \`unchanged\`), and the project names with a text replaced. Up to ${RENEWAL_MAX_ESTIMATES} estimates, all in one transaction: an unknown id is a 400 naming it and nothing is created.`,
    body: z.object({
      estimateIDs: z.array(idSchema).min(1).max(RENEWAL_MAX_ESTIMATES),
      pricing: z.discriminatedUnion('mode', [
        z.object({ mode: z.literal('percent'), percent: z.number().min(RENEWAL_PERCENT_MIN).max(RENEWAL_PERCENT_MAX) }),
        z.object({ mode: z.literal('catalogue') }),
      ]),
      projectName: z.object({ replace: z.string().min(1).max(150), with: z.string().max(150) }).optional(),
    }),
    responses: {
      201: z
        .object({
          created: z.array(
            z.object({
              from: idSchema.describe('The estimate renewed.'),
              id: idSchema.describe('Its copy.'),
              unchanged: z
                .array(z.string())
                .optional()
                .describe('By the catalogue: the names of the items not found in it, which kept their price.'),
            }),
          ),
        })
        .describe('The copies, in the order of estimateIDs.'),
    },
    errors: [409],
  },
} satisfies Record<string, RouteDoc>;

/**
 * Copies of estimates (issue 23 "Copies" and "Renewals"), server/estimates/copyEstimates.ts:
 * - `POST /api/estimates/:id/duplicate {siteID?, projectName?, salesperson?, estimator?}` → `201 {id}`;
 * - `POST /api/estimates/renew {estimateIDs, pricing, projectName?}` → `201 {created}`.
 * Bodies are checked whole before the transaction (400 naming the fields); each route is
 * one transaction.
 */
export async function estimateCopyRoutes(api: FastifyInstance): Promise<void> {
  const { db } = api.deps.database;

  api.post<{ Params: Params }>(`/${estimates.route}/:id/duplicate`, { config: { openapi: docs.duplicate } }, async (request, reply) => {
    const estimateID = parseId(request.params.id);
    const body = parseDuplicateRequest(bodyOf(request));
    const id = await inTransaction(db, (tx) => duplicateEstimate(tx, estimateID, body, writeContext(request)));
    return reply.status(201).send({ id });
  });

  api.post(`/${estimates.route}/renew`, { config: { openapi: docs.renew } }, async (request, reply) => {
    const body = parseRenewalRequest(bodyOf(request));
    const result = await inTransaction(db, (tx) => renewEstimates(tx, body, writeContext(request)));
    return reply.status(201).send(result);
  });
}
