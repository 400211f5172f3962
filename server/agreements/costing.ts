import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { jobCosting, renewalPercentForTarget } from '../../src/domain/agreements';
import { billingLines } from '../../src/domain/billing';
import { exactOrZero, mul, roundToNumber, sub, sum } from '../../src/domain/decimal';
import { calendarDateIn } from '../../src/domain/officeDate';
import type { Db } from '../db/connection';
import { officeTimeZone } from '../db/officeSettings';
import { billedLines, visits } from '../db/tables/agreements';
import { loadCosting } from '../estimates/profitability';
import { billingSettings, loadBillingInputs } from '../billing/billingInputs';
import { monthsOf } from '../billing/billingMonths';
import type { AgreementLineRecord } from './agreementRecords';

export const costingSchema = z.object({
  plannedHours: z.number().describe('Crew hours of the signed lines, for the whole term.'),
  plannedHoursSoFar: z.number().describe('The planned hours of the share of visits done.'),
  actualHours: z.number().describe('Crew hours of the visits done.'),
  visitsPlanned: z.number().int().describe('Visits not skipped.'),
  visitsDone: z.number().int(),
  materialsUsed: z.number(),
  earnedToDate: z.number().describe('Σ billing lines dated up to today.'),
  billedToDate: z.number().describe('Σ billing lines handed to accounting (exported).'),
  remaining: z.number().describe('Contract value − billed to date.'),
  costSoFar: z.number(),
  marginSoFarPercent: z.number().nullable(),
  overBudget: z.boolean(),
  suggestedRenewalPercent: z
    .number()
    .nullable()
    .describe('The renewal percent that brings next season back to the target margin at this season’s pace; null before a visit is done.'),
});

export type AgreementCosting = z.infer<typeof costingSchema>;

/**
 * Job costing of an agreement (issue 40): planned crew hours against the hours of the visits
 * done, the margin so far at the company's rates, and the renewal percent that would bring next
 * season back to the target margin at this season's pace.
 */
export async function agreementCosting(
  db: Db,
  agreement: Record<string, unknown>,
  lines: readonly AgreementLineRecord[],
  now: number,
): Promise<AgreementCosting> {
  const id = agreement.id as number;
  const today = calendarDateIn(await officeTimeZone(db), new Date(now));
  const [counts] = await db
    .select({
      planned: sql<number>`count(*) filter (where ${visits.status} <> 'skipped')`.mapWith(Number),
      done: sql<number>`count(*) filter (where ${visits.status} = 'done')`.mapWith(Number),
      hours: sql<string>`coalesce(sum(${visits.actualHours}) filter (where ${visits.status} = 'done'), 0)::text`,
      materials: sql<string>`coalesce(sum(${visits.materials}) filter (where ${visits.status} = 'done'), 0)::text`,
    })
    .from(visits)
    .where(eq(visits.agreementID, id));
  const [billed] = await db
    .select({ amount: sql<string>`coalesce(sum(${billedLines.amount}), 0)::text` })
    .from(billedLines)
    .where(and(eq(billedLines.agreementID, id)));
  const term = { from: String(agreement.startDate), to: String(agreement.endDate) };
  const inputs = await loadBillingInputs(db, term, [id]);
  const costing = await loadCosting(db);
  const lastMonth = (today < term.to ? today : term.to).slice(0, 7);
  const earned = monthsOf(term.from, term.to)
    .filter((month) => month <= lastMonth)
    .flatMap((month) => billingLines(month, inputs.agreements, inputs.lines, inputs.visits, billingSettings(costing), inputs.charges))
    .filter((line) => line.date <= today);
  const doneShare = counts.planned ? counts.done / counts.planned : 0;
  const plannedHours = Number(agreement.plannedHours ?? 0);
  const signedMaterials = sum(lines.map((line) => exactOrZero(line.materialCost)));
  const materialsUsed = Number(counts.materials);
  const materialCostSoFar = roundToNumber(mul(signedMaterials, exactOrZero(doneShare)), 2) + materialsUsed;
  const plannedHoursSoFar = roundToNumber(mul(exactOrZero(plannedHours), exactOrZero(doneShare)), 2);
  const earnedToDate = roundToNumber(sum(earned.map((line) => exactOrZero(line.amount))), 2);
  const figures = jobCosting({
    plannedHours: plannedHoursSoFar,
    actualHours: Number(counts.hours),
    revenueEarned: earnedToDate,
    materialCost: materialCostSoFar,
    costing,
  });
  const contractValue = Number(agreement.contractValue ?? 0);
  const billedToDate = Number(billed?.amount ?? 0);
  return {
    plannedHours,
    plannedHoursSoFar,
    actualHours: figures.actualHours,
    visitsPlanned: counts.planned,
    visitsDone: counts.done,
    materialsUsed,
    earnedToDate,
    billedToDate,
    remaining: roundToNumber(sub(exactOrZero(contractValue), exactOrZero(billedToDate)), 2),
    costSoFar: figures.costSoFar,
    marginSoFarPercent: figures.marginSoFarPercent,
    overBudget: counts.done > 0 && figures.overBudget,
    suggestedRenewalPercent: counts.done
      ? renewalPercentForTarget({
          contractValue,
          plannedHours,
          actualHoursSeason: Number(counts.hours) / doneShare,
          materialCost: roundToNumber(signedMaterials, 2) + materialsUsed / doneShare,
          costing,
        })
      : null,
  };
}
