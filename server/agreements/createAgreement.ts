import { and, eq } from 'drizzle-orm';
import { defaultBasis, defaultVisitPrice, seasonCategory, seasonTerm } from '../../src/domain/agreements';
import { exactOrZero, mul, roundToNumber, sub, sum, ONE } from '../../src/domain/decimal';
import type { RevisionArea, RevisionSnapshot } from '../../src/domain/revisions';
import { isSnowSheet } from '../../src/domain/snowPricing';
import { visitPlanText } from '../../src/domain/visitPlans';
import type { Db } from '../db/connection';
import { agreements, estimates, templateAreas } from '../db/entityTables';
import { officeTimeZone } from '../db/officeSettings';
import { agreementLines } from '../db/tables/agreements';
import { estimateRevisions } from '../db/tables/revisions';
import { replanVisits } from './visitPlanning';

/** What a signature hands over: the signed revision of an estimate and the areas the client accepted. */
export interface SignedWork {
  estimateID: number;
  revision: number;
  proposalID: number | null;
  acceptedWorkAreaIDs: readonly number[];
  /** The office's day of the signature. */
  signedOn: string;
}

/** Units that count visits on a line (a mowing line's 30 visits, a plowing line's 12 pushes). */
const VISIT_UNITS = /\b(visits?|pushes|push|applications?|cuts?|mows?|services?|trips?)\b/i;

/** How many visits the area counted: the largest quantity of its items counted in visits, else 1. */
export function plannedVisitsOf(area: RevisionArea): number {
  const counted = area.items.filter((item) => item.units && VISIT_UNITS.test(item.units)).map((item) => Math.round(item.quantity));
  return Math.min(366, Math.max(1, ...counted));
}

const hoursOf = (area: RevisionArea) => roundToNumber(sum(area.items.map((item) => exactOrZero(item.laborHours ?? 0))), 2);
const materialCostOf = (area: RevisionArea) => roundToNumber(sum(area.items.map((item) => exactOrZero(item.totalCost))), 2);

/**
 * Makes the agreement of a signed revision (issue 40), in the signature's transaction: its lines
 * are the accepted areas at their signed prices (the subtotal after the estimate's discount),
 * each with the basis its template suggests and a visit plan spread over the season's term —
 * or, for an area priced as snow, per event by its frozen price sheet and no plan.
 * Answers the agreement's id; none is made twice for one proposal.
 */
export async function createAgreement(tx: Db, work: SignedWork): Promise<number> {
  if (work.proposalID !== null) {
    const [made] = await tx.select({ id: agreements.id }).from(agreements).where(eq(agreements.proposalID, work.proposalID));
    if (made) return made.id;
  }
  const [estimate] = await tx
    .select({ siteID: estimates.siteID, customerID: estimates.customerID, salesperson: estimates.salesperson })
    .from(estimates)
    .where(eq(estimates.id, work.estimateID));
  const [frozen] = await tx
    .select({ snapshot: estimateRevisions.snapshot })
    .from(estimateRevisions)
    .where(and(eq(estimateRevisions.estimateID, work.estimateID), eq(estimateRevisions.revision, work.revision)));
  if (!estimate || !frozen) throw new Error(`Estimate ${work.estimateID} has no revision ${work.revision} to make an agreement of.`);
  const snapshot: RevisionSnapshot = frozen.snapshot;
  const accepted = snapshot.areas.filter((area) => work.acceptedWorkAreaIDs.includes(area.id));
  const snowNames = (await tx.select({ name: templateAreas.name }).from(templateAreas).where(eq(templateAreas.category, 'SNOW'))).map(
    (row) => row.name,
  );
  // Areas priced as snow make a snow agreement whatever their names (issue 41).
  const isSnow = (area: RevisionArea) => isSnowSheet(area.snowPricing);
  const category = accepted.some(isSnow)
    ? 'SNOW'
    : seasonCategory(
        accepted.map((area) => area.name),
        snowNames,
      );
  const term = seasonTerm(category, work.signedOn);
  const kept = sub(ONE, mul(exactOrZero(snapshot.pricing.discount), { n: 1n, d: 100n }));
  const lines = accepted.map((area, position) => {
    const amount = roundToNumber(mul(exactOrZero(area.subtotal), kept), 2);
    const sheet = isSnow(area) ? area.snowPricing! : null;
    const plannedVisits = sheet ? Math.max(1, sheet.expectedEvents) : plannedVisitsOf(area);
    const basis = sheet ? 'perEvent' : defaultBasis(area.name, category);
    return {
      workAreaID: area.id,
      position,
      name: area.name,
      amount,
      taxCode: area.tax,
      basis,
      installments: null,
      // Storms are not planned: a snow line's visits are the storm log's (server/snow).
      rrule: sheet ? null : visitPlanText({ kind: 'spread', visits: plannedVisits }, term),
      visitPrice: basis === 'perVisit' ? defaultVisitPrice(amount, plannedVisits) : null,
      plannedHours: hoursOf(area),
      materialCost: materialCostOf(area),
      plannedVisits,
      snowPricing: sheet,
    };
  });
  const contractValue = roundToNumber(sum(lines.map((line) => exactOrZero(line.amount))), 2);
  const plannedHours = roundToNumber(sum(lines.map((line) => exactOrZero(line.plannedHours))), 2);
  const [agreement] = await tx
    .insert(agreements)
    .values({
      customerID: estimate.customerID,
      siteID: estimate.siteID,
      estimateID: work.estimateID,
      revision: work.revision,
      proposalID: work.proposalID,
      salesperson: estimate.salesperson,
      startDate: term.startDate,
      endDate: term.endDate,
      status: 'active',
      contractValue,
      plannedHours,
      signedOn: work.signedOn,
    } as typeof agreements.$inferInsert)
    .returning({ id: agreements.id });
  if (lines.length) {
    const inserted = await tx
      .insert(agreementLines)
      .values(lines.map((line) => ({ ...line, agreementID: agreement.id })))
      .returning({ id: agreementLines.id });
    const timeZone = await officeTimeZone(tx);
    await replanVisits(
      tx,
      inserted.map((row) => row.id),
      timeZone,
    );
  }
  return agreement.id;
}
