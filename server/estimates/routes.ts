import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { estimates } from '../../src/schema';
import { estimatePricing } from '../../src/domain/pricing';
import * as tables from '../db/entityTables';
import { parseId } from '../crud/registerEntityRoutes';
import { getRecord, inTransaction } from '../crud/records';
import { z } from 'zod';
import type { RouteDoc } from '../openapi/routeDoc';
import { idParams } from '../openapi/commonSchemas';
import { entityTag } from '../openapi/entityRouteDocs';

type Params = { id: string };

const pricingDoc: RouteDoc = {
  tag: entityTag(estimates),
  summary: "An estimate's pricing",
  description: 'Subtotal of the included work areas, the discount, the taxes and the total, as the Pricing card shows them.',
  params: idParams,
  responses: {
    200: z
      .object({ pricing: z.object({ discount: z.number(), subtotal: z.number(), taxes: z.number(), total: z.number() }) })
      .describe('The pricing.'),
  },
};

/**
 * Estimates beyond their generated CRUD: an estimate's pricing, computed with
 * src/domain/pricing.ts estimatePricing over its stored work areas and its discount.
 */
export async function estimateRoutes(api: FastifyInstance): Promise<void> {
  const { db } = api.deps.database;
  const areaTable = tables.workAreas;

  api.get<{ Params: Params }>(`/${estimates.route}/:id/pricing`, { config: { openapi: pricingDoc } }, async (request) => {
    const estimateID = parseId(request.params.id);
    // One snapshot: the discount and the areas as of the same moment.
    return inTransaction(db, async (tx) => {
      const estimate = await getRecord(tx, estimates, estimateID);
      const areas = await tx
        .select({ subtotal: areaTable.subtotal, tax: areaTable.tax, isIncluded: areaTable.isIncluded })
        .from(areaTable)
        .where(eq(areaTable.estimateID, estimateID))
        .orderBy(asc(areaTable.id));
      return { pricing: estimatePricing(areas, estimate.discount) };
    });
  });
}
