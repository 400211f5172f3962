import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { recentWindowStart } from '../../src/domain/insights';
import {
  LOST_STATUS,
  PROPOSED_STATUSES,
  signedMargin,
  WON_STATUS,
  winRatePercent,
  type MarginInsights,
  type SalespersonWinRate,
} from '../../src/domain/marginInsights';
import type { Db } from '../db/connection';
import * as tables from '../db/entityTables';
import { companyProfile } from '../db/tables/company';
import { users } from '../db/tables/users';
import type { RouteDoc } from '../openapi/routeDoc';
import { idSchema } from '../openapi/commonSchemas';

type Rows<T> = { rows: T[] };

/**
 * Σ revenue and Σ cost of the Contract Signed estimates, created in the last 30 days and of all
 * time, in one statement: each estimate's revenue is round2(subtotal × (1 − discount/100)), its
 * cost Σ its included lines' totalCost + round2(Σ their laborHours × (laborRate +
 * overheadPerHour)) — src/domain/profitability.ts's figures, at the company's current rates.
 */
export async function signedMargins(db: Db, now: Date): Promise<MarginInsights['signedMargin']> {
  const e = tables.estimates;
  const a = tables.workAreas;
  const i = tables.workAreaItems;
  const since = recentWindowStart(now).toISOString();
  const { rows } = (await db.execute(sql`
    WITH signed AS (
      SELECT ${e.id} AS id, ${e.createdAt} >= ${since}::timestamptz AS recent,
        round(${e.subtotal} * (1 - ${e.discount} / 100), 2) AS revenue
      FROM ${e} WHERE ${e.status} = ${WON_STATUS}
    ), lines AS (
      SELECT ${a.estimateID} AS id, sum(${i.totalCost}) AS material, sum(${i.laborHours}) AS hours
      FROM ${a} JOIN ${i} ON ${i.workAreaID} = ${a.id}
      WHERE ${a.isIncluded} AND ${a.estimateID} IN (SELECT id FROM signed)
      GROUP BY ${a.estimateID}
    ), hourly AS (
      SELECT coalesce(sum(${companyProfile.laborRate} + coalesce(${companyProfile.overheadPerHour}, 0)), 0) AS rate FROM ${companyProfile}
    ), costed AS (
      SELECT signed.recent, signed.revenue,
        coalesce(lines.material, 0) + round(coalesce(lines.hours, 0) * hourly.rate, 2) AS cost
      FROM signed LEFT JOIN lines ON lines.id = signed.id CROSS JOIN hourly
    )
    SELECT count(*) FILTER (WHERE recent) AS recent_count,
      coalesce(sum(revenue) FILTER (WHERE recent), 0)::text AS recent_revenue,
      coalesce(sum(cost) FILTER (WHERE recent), 0)::text AS recent_cost,
      count(*) AS all_count, coalesce(sum(revenue), 0)::text AS all_revenue, coalesce(sum(cost), 0)::text AS all_cost
    FROM costed`)) as unknown as Rows<Record<string, string | number>>;
  const [r] = rows;
  return {
    last30Days: signedMargin(r.recent_count, r.recent_revenue, r.recent_cost),
    allTime: signedMargin(r.all_count, r.all_revenue, r.all_cost),
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
