import { and, eq, inArray, sql } from 'drizzle-orm';
import { expandVisitPlan } from '../../src/domain/visitPlans';
import type { Db } from '../db/connection';
import { agreements } from '../db/entityTables';
import { agreementLines, visits } from '../db/tables/agreements';

/**
 * Brings the visits of lines in line with their plans (a new agreement, a changed plan or
 * term, a cancellation): the plan's dates inside the term (up to the cancellation) become
 * planned visits. Visits the office touched stay as they are — done, skipped or moved to
 * another day — and a plan date one of them came from is not planned again; untouched planned
 * visits the plan no longer gives go. Answers how many dates each line's plan gives.
 */
export async function replanVisits(tx: Db, lineIDs: readonly number[], timeZone: string): Promise<Map<number, number>> {
  const planned = new Map<number, number>();
  if (!lineIDs.length) return planned;
  const lines = await tx
    .select({
      id: agreementLines.id,
      agreementID: agreementLines.agreementID,
      rrule: agreementLines.rrule,
      startDate: agreements.startDate,
      endDate: agreements.endDate,
      cancelledOn: agreements.cancelledOn,
    })
    .from(agreementLines)
    .innerJoin(agreements, eq(agreements.id, agreementLines.agreementID))
    .where(inArray(agreementLines.id, [...lineIDs]));
  const untouched = and(eq(visits.status, 'planned'), eq(visits.date, visits.plannedDate));
  await tx.delete(visits).where(and(inArray(visits.lineID, [...lineIDs]), untouched));
  const kept = await tx
    .select({ lineID: visits.lineID, plannedDate: visits.plannedDate })
    .from(visits)
    .where(inArray(visits.lineID, [...lineIDs]));
  const keptDates = new Set(kept.map((visit) => `${visit.lineID}:${visit.plannedDate}`));
  const rows = lines.flatMap((line) => {
    if (!line.rrule) return [];
    const term = { startDate: String(line.startDate), endDate: String(line.endDate) };
    const last = line.cancelledOn ?? term.endDate;
    const dates = expandVisitPlan(line.rrule, timeZone, term);
    planned.set(line.id, dates.length);
    return dates
      .filter((date) => date <= last && !keptDates.has(`${line.id}:${date}`))
      .map((date) => ({ agreementID: line.agreementID, lineID: line.id, date, plannedDate: date }));
  });
  for (let start = 0; start < rows.length; start += 1000) await tx.insert(visits).values(rows.slice(start, start + 1000));
  return planned;
}

/** Cancelling: the planned visits after the day it ends are skipped (what was done stays billable). */
export async function skipVisitsAfter(tx: Db, agreementID: number, lastDay: string): Promise<void> {
  await tx
    .update(visits)
    .set({
      status: 'skipped',
      notes: sql`case when ${visits.notes} = '' then 'Agreement cancelled.' else ${visits.notes} end`,
      version: sql`${visits.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(visits.agreementID, agreementID), eq(visits.status, 'planned'), sql`${visits.date} > ${lastDay}`));
}
