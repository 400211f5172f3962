import { and, eq, sql } from 'drizzle-orm';
import { agreementMessages, basisError, defaultVisitPrice, termMonths } from '../../src/domain/agreements';
import { isSnowSheet } from '../../src/domain/snowPricing';
import { installmentSchedule, installmentsUntil } from '../../src/domain/installments';
import { expandVisitPlan, parseVisitPlan } from '../../src/domain/visitPlans';
import type { ActionBody } from '../../src/schema/actions/defineAction';
import type * as actions from '../../src/schema/actions/agreements';
import type { Db } from '../db/connection';
import { agreements } from '../db/entityTables';
import { officeTimeZone } from '../db/officeSettings';
import { agreementLines } from '../db/tables/agreements';
import { conflict, formInvalid, notFound } from '../errors';
import { lineRecord, visitsOfLines, type AgreementLineRecord } from './agreementRecords';
import { replanVisits } from './visitPlanning';

export const LINE_NOT_FOUND = 'Agreement line not found.';
const LINE_STALE = 'This agreement line was changed by someone else since you opened it. Reload it to see their changes.';

type LineBody = ActionBody<typeof actions.updateAgreementLine>;

async function lineWithTerm(db: Db, id: number) {
  const [row] = await db
    .select({
      startDate: agreements.startDate,
      endDate: agreements.endDate,
      status: agreements.status,
      cancelledOn: agreements.cancelledOn,
    })
    .from(agreementLines)
    .innerJoin(agreements, eq(agreements.id, agreementLines.agreementID))
    .where(eq(agreementLines.id, id));
  const line = row && (await lineRecord(db, id));
  if (!row || !line) throw notFound(LINE_NOT_FOUND);
  return {
    line,
    term: { startDate: String(row.startDate), endDate: String(row.endDate) },
    status: row.status,
    cancelledOn: row.cancelledOn,
  };
}

/** A line's installments as they fall due (none after a cancellation). */
export function installmentsOf(
  line: Pick<AgreementLineRecord, 'amount' | 'installments'>,
  term: { startDate: string; endDate: string },
  cancelledOn: string | null,
) {
  const schedule = installmentSchedule(
    line.amount,
    term.startDate,
    term.endDate,
    line.installments ?? termMonths(term.startDate, term.endDate),
  );
  return cancelledOn ? installmentsUntil(schedule, cancelledOn) : schedule;
}

/** GET /api/agreementLines/:id/schedule: an installments line's installments, any other line's visits. */
export async function lineSchedule(db: Db, id: number) {
  const { line, term, cancelledOn } = await lineWithTerm(db, id);
  if (line.basis === 'installments') return { installments: installmentsOf(line, term, cancelledOn) };
  return { visits: await visitsOfLines(db, [id]) };
}

/**
 * PUT /api/agreementLines/:id (issue 40): its basis, installments, plan and price per visit, while
 * nothing of it is billed. A per-visit line whose basis or plan changes without a price given
 * gets the default: its amount over the plan's visits.
 */
export async function updateLine(db: Db, id: number, body: LineBody): Promise<AgreementLineRecord> {
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    await tx.select({ id: agreementLines.id }).from(agreementLines).where(eq(agreementLines.id, id)).for('update');
    const { line, term, status } = await lineWithTerm(tx, id);
    if (line.version !== body.version) throw conflict(LINE_STALE);
    if (line.billed) throw conflict(agreementMessages.lineBilled);
    if (status === 'cancelled') throw conflict(agreementMessages.agreementCancelled);
    const errors: Record<string, string> = {};
    const basis = body.basis ?? line.basis;
    const [sheet] = await tx.select({ snowPricing: agreementLines.snowPricing }).from(agreementLines).where(eq(agreementLines.id, id));
    const basisProblem = basisError(basis, { billed: false, current: line.basis, snowSheet: isSnowSheet(sheet?.snowPricing) });
    if (basisProblem) errors.basis = basisProblem;
    const installments = body.installments === undefined ? line.installments : body.installments;
    const months = termMonths(term.startDate, term.endDate);
    if (installments !== null && installments > months) errors.installments = agreementMessages.installmentsRange(months);
    let rrule = line.rrule;
    if (body.rrule !== undefined) {
      if (body.rrule === null || body.rrule.trim() === '') rrule = null;
      else {
        const parsed = parseVisitPlan(body.rrule, term);
        if ('error' in parsed) errors.rrule = parsed.error;
        else rrule = parsed.rrule;
      }
    }
    if (Object.keys(errors).length) throw formInvalid(errors);
    const timeZone = await officeTimeZone(tx);
    const visitPrice = body.visitPrice === undefined ? line.visitPrice : body.visitPrice;
    const replanned = rrule !== line.rrule;
    await tx
      .update(agreementLines)
      .set({ basis, installments, rrule, visitPrice, version: sql`${agreementLines.version} + 1`, updatedAt: sql`now()` })
      .where(and(eq(agreementLines.id, id), eq(agreementLines.version, body.version)));
    const planned = replanned ? (await replanVisits(tx, [id], timeZone)).get(id) : undefined;
    if (body.visitPrice === undefined && basis === 'perVisit' && (basis !== line.basis || replanned || visitPrice === null)) {
      const visits = planned ?? (rrule ? expandVisitPlan(rrule, timeZone, term).length : 0);
      const price = defaultVisitPrice(line.amount, visits || line.plannedVisits);
      await tx.update(agreementLines).set({ visitPrice: price }).where(eq(agreementLines.id, id));
    }
    return (await lineRecord(tx, id))!;
  });
}
