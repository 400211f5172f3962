import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { recentWindowStart } from '../../src/domain/insights';
import {
  LOST_STATUS,
  PROPOSED_STATUSES,
  signedMarginOf,
  type SignedEstimate,
  WON_STATUS,
  winRatePercent,
  type MarginInsights,
  type SalespersonWinRate,
} from '../../src/domain/marginInsights';
import type { Db } from '../db/connection';
import * as tables from '../db/entityTables';
import { loadCosting } from '../estimates/profitability';
import { users } from '../db/tables/users';
import type { RouteDoc } from '../openapi/routeDoc';
import { idSchema } from '../openapi/commonSchemas';

type Rows<T> = { rows: T[] };

/**
 * The margin of the Contract Signed estimates, created in the last 30 days and of all time:
 * one statement reads each one's stored subtotal and discount and the sums of its included
 * lines' costs and crew hours (additions only), and src/domain/marginInsights.ts prices them
 * with the company's costing, so the revenue and cost formulas are the domain's alone. One row
 * per signed estimate is few enough to price in JS.
 */
export async function signedMargins(db: Db, now: Date): Promise<MarginInsights['signedMargin']> {
  const e = tables.estimates;
  const a = tables.workAreas;
  const i = tables.workAreaItems;
  const since = recentWindowStart(now).toISOString();
  const { rows } = (await db.execute(sql`
    SELECT ${e.createdAt} >= ${since}::timestamptz AS recent, ${e.subtotal}::text AS subtotal, ${e.discount}::text AS discount,
      coalesce(lines.material, 0)::text AS "totalCost", coalesce(lines.hours, 0)::text AS "laborHours"
    FROM ${e} LEFT JOIN (
      SELECT ${a.estimateID} AS id, sum(${i.totalCost}) AS material, sum(${i.laborHours}) AS hours
      FROM ${a} JOIN ${i} ON ${i.workAreaID} = ${a.id}
      WHERE ${a.isIncluded} AND ${a.estimateID} IN (SELECT ${e.id} FROM ${e} WHERE ${e.status} = ${WON_STATUS})
      GROUP BY ${a.estimateID}
    ) lines ON lines.id = ${e.id}
    WHERE ${e.status} = ${WON_STATUS}`)) as unknown as Rows<SignedEstimate & { recent: boolean }>;
  const costing = await loadCosting(db);
  return {
    last30Days: signedMarginOf(
      rows.filter((row) => row.recent),
      costing,
    ),
    allTime: signedMarginOf(rows, costing),
  };
}

/**
 * Per salesperson, in one statement: estimates that reached the client (Client Proposal
 * Phase, Contract Signed, Estimate Lost), won (Contract Signed) and lost (Estimate Lost).
 * The win rate is won ÷ (won + lost): an estimate still with the client is not decided.
 */
export async function winRates(db: Db): Promise<SalespersonWinRate[]> {
  const e = tables.estimates;
  const { rows } = (await db.execute(sql`
    SELECT per.salesperson, ${users.firstName} AS first_name, ${users.lastName} AS last_name, per.proposed, per.won, per.lost
    FROM (
      SELECT ${e.salesperson} AS salesperson,
        count(*) FILTER (WHERE ${e.status} IN (${sql.join(
          PROPOSED_STATUSES.map((status) => sql`${status}`),
          sql`, `,
        )})) AS proposed,
        count(*) FILTER (WHERE ${e.status} = ${WON_STATUS}) AS won,
        count(*) FILTER (WHERE ${e.status} = ${LOST_STATUS}) AS lost
      FROM ${e} GROUP BY ${e.salesperson}
    ) AS per JOIN ${users} ON ${users.id} = per.salesperson
    WHERE per.proposed > 0
    ORDER BY per.won DESC, lower(${users.lastName}), lower(${users.firstName}), per.salesperson`)) as unknown as Rows<
    Record<string, string | number>
  >;
  return rows.map((row) => {
    const won = Number(row.won);
    const lost = Number(row.lost);
    return {
      salesperson: Number(row.salesperson),
      name: `${row.first_name} ${row.last_name}`.trim(),
      proposed: Number(row.proposed),
      decided: won + lost,
      won,
      lost,
      winRatePercent: winRatePercent(won, lost),
    };
  });
}

const window = z
  .object({
    count: z.number().int().min(0).describe('Contract Signed estimates in the window.'),
    revenue: z.number().describe('Σ their subtotals after the discount.'),
    cost: z.number().describe('Σ their lines’ costs and crew hours at the current rates.'),
    grossProfit: z.number(),
    marginPercent: z.number().nullable().describe('Σ grossProfit ÷ Σ revenue × 100, one decimal; null without revenue.'),
  })
  .describe('The margin of the window, weighted by revenue.');

const doc: RouteDoc = {
  tag: 'Insights',
  summary: 'Margin of signed work and win rate by salesperson',
  description:
    'The margin of Contract Signed estimates (created in the last 30 days, and of all time), and per salesperson the estimates that reached the client, won (Contract Signed), lost (Estimate Lost) and the win rate won ÷ (won + lost).',
  responses: {
    200: z.object({
      signedMargin: z.object({ last30Days: window, allTime: window }),
      winRates: z.array(
        z.object({
          salesperson: idSchema,
          name: z.string(),
          proposed: z.number().int().min(0),
          decided: z.number().int().min(0),
          won: z.number().int().min(0),
          lost: z.number().int().min(0),
          winRatePercent: z.number().int().min(0).max(100).nullable(),
        }),
      ),
    }),
  },
};

/** GET /api/insights/margin (issue 24). */
export async function marginInsightRoutes(api: FastifyInstance): Promise<void> {
  const { db } = api.deps.database;
  api.get('/insights/margin', { config: { openapi: doc } }, async (): Promise<MarginInsights> => {
    const [signedMargin, rates] = await Promise.all([signedMargins(db, new Date(api.deps.now())), winRates(db)]);
    return { signedMargin, winRates: rates };
  });
}
