import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { estimates } from '../../src/schema';
import { parseId } from '../crud/registerEntityRoutes';
import { readEstimateProfitability } from './profitability';
import type { RouteDoc } from '../openapi/routeDoc';
import { idParams } from '../openapi/commonSchemas';
import { entityTag } from '../openapi/entityRouteDocs';

const money = (what: string) => z.number().describe(what);
const margin = z.number().nullable().describe('grossProfit ÷ revenue × 100, to one decimal; null when revenue is 0.');

const areaFigures = z
  .object({
    id: z.number().int().describe('The work area.'),
    revenue: money("The area's subtotal after the estimate's discount."),
    materialCost: money('Σ its lines’ costs (quantity × unit cost), without crew time.'),
    cost: money("Its lines' costs plus its crew hours' cost."),
    laborHours: z.number().describe('Σ its lines’ crew hours.'),
    grossProfit: money('revenue − cost.'),
    marginPercent: margin,
  })
  .describe("One work area's own figures, whether it is included or not.");

export const profitabilitySchema = z
  .object({
    revenue: money('The subtotal of the included areas after the discount (taxes are not revenue).'),
    materialCost: money('Σ the included lines’ costs (quantity × unit cost).'),
    laborHours: z.number().describe('Σ the included lines’ crew hours (quantity × hours per unit).'),
    laborCost: money('laborHours × (laborRate + overheadPerHour), to the cent.'),
    cost: money('materialCost + laborCost.'),
    grossProfit: money('revenue − cost.'),
    marginPercent: margin,
    targetMarginPercent: z.number().describe("The company's target margin (35 unless set)."),
    breakEvenSubtotal: z
      .number()
      .nullable()
      .describe('The smallest subtotal (before the discount) with grossProfit ≥ 0; null when none is.'),
    targetSubtotal: z
      .number()
      .nullable()
      .describe('The smallest subtotal (before the discount) whose margin reaches the target; null when none does.'),
    areas: z.array(areaFigures),
  })
  .describe("The estimate's cost, crew hours and margin: office figures, never on a client's document.");

const doc: RouteDoc = {
  tag: entityTag(estimates),
  summary: "An estimate's profitability",
  description:
    'Cost, crew hours, gross profit and margin of the included work areas (src/domain/profitability.ts), with the subtotals that break even and that reach the target margin.',
  params: idParams,
  responses: { 200: profitabilitySchema },
  errors: [404],
};

/** GET /api/estimates/:id/profitability (issue 24): 400 for a bad id, 404 for an unknown estimate. */
export async function estimateProfitabilityRoutes(api: FastifyInstance): Promise<void> {
  const { db } = api.deps.database;
  api.get<{ Params: { id: string } }>(`/${estimates.route}/:id/profitability`, { config: { openapi: doc } }, async (request) =>
    readEstimateProfitability(db, parseId(request.params.id)),
  );
}
