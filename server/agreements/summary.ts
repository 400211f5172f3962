import { and, gte, lte, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import { addDays, calendarDateIn } from '../../src/domain/officeDate';
import { exactOrZero, roundToNumber, sub } from '../../src/domain/decimal';
import type { Db } from '../db/connection';
import { agreements, tableOf } from '../db/entityTables';
import { officeTimeZone } from '../db/officeSettings';
import { billedLines, visits } from '../db/tables/agreements';
import { AGREEMENT_OVER_BUDGET } from '../../src/schema/agreements';
import { featureFilter } from '../crud/featureFilters';

export const agreementSummarySchema = z.object({
  season: z.object({ from: z.string(), to: z.string() }).describe('The office’s calendar year.'),
  agreements: z.number().int().describe('Agreements (not cancelled) whose term meets the season.'),
  revenue: z.number().describe('Their contract value.'),
  billed: z.number().describe('What of them went to accounting.'),
  remaining: z.number(),
  week: z
    .object({ from: z.string(), to: z.string(), planned: z.number().int(), done: z.number().int() })
    .describe('Visits of this week (Monday to Sunday), not skipped, and those done.'),
  overBudget: z.number().int().describe('Active agreements over budget (the list’s `filter:agreement_over_budget=true`).'),
});

export type AgreementSummary = z.infer<typeof agreementSummarySchema>;

const money = (value: string | null | undefined) => Number(value ?? 0);

/** Home's agreements card (issue 40): the season's revenue under agreement, billed and remaining; this week's visits; those over budget. */
export async function agreementSummary(db: Db, now: number): Promise<AgreementSummary> {
  const today = calendarDateIn(await officeTimeZone(db), new Date(now));
  const season = { from: `${today.slice(0, 4)}-01-01`, to: `${today.slice(0, 4)}-12-31` };
  const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7;
  const week = { from: addDays(today, -weekday), to: addDays(today, 6 - weekday) };
  const inSeason = and(lte(agreements.startDate, season.to), gte(agreements.endDate, season.from), ne(agreements.status, 'cancelled'));
  const [revenue] = await db
    .select({
      count: sql<number>`count(*)`.mapWith(Number),
      value: sql<string>`coalesce(sum(${agreements.contractValue}), 0)::text`,
      billed: sql<string>`coalesce(sum((select sum(${billedLines.amount}) from ${billedLines} where ${billedLines.agreementID} = ${agreements.id})), 0)::text`,
    })
    .from(agreements)
    .where(inSeason);
  const [thisWeek] = await db
    .select({
      planned: sql<number>`count(*) filter (where ${visits.status} <> 'skipped')`.mapWith(Number),
      done: sql<number>`count(*) filter (where ${visits.status} = 'done')`.mapWith(Number),
    })
    .from(visits)
    .where(and(gte(visits.date, week.from), lte(visits.date, week.to)));
  const overBudgetFilter = featureFilter('agreements', AGREEMENT_OVER_BUDGET)!;
  const table = tableOf('agreements');
  const [over] = await db
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(agreements)
    .where(and(sql`${agreements.status} = 'active'`, await overBudgetFilter.condition(db, table, ['true'], now)));
  const value = money(revenue.value);
  const billed = money(revenue.billed);
  return {
    season,
    agreements: revenue.count,
    revenue: value,
    billed,
    remaining: roundToNumber(sub(exactOrZero(value), exactOrZero(billed)), 2),
    week: { ...week, planned: thisWeek.planned, done: thisWeek.done },
    overBudget: over.count,
  };
}
