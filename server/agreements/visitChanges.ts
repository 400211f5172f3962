import { eq, sql } from 'drizzle-orm';
import { agreementMessages } from '../../src/domain/agreements';
import type { ActionBody } from '../../src/schema/actions/defineAction';
import type * as actions from '../../src/schema/actions/agreements';
import type { Db } from '../db/connection';
import { agreements } from '../db/entityTables';
import { visits } from '../db/tables/agreements';
import { conflict, formInvalid, notFound } from '../errors';
import { visitRecord, type VisitRecord } from './agreementRecords';

export const VISIT_NOT_FOUND = 'Visit not found.';
const VISIT_STALE = 'This visit was changed by someone else since you opened it. Reload it to see their changes.';

type VisitBody = ActionBody<typeof actions.updateVisit>;

/**
 * PUT /api/visits/:id (issue 40): moved inside the term, skipped, or done with its crew, hours
 * and materials — once (a visit done is not completed again), and never once billed.
 */
export async function updateVisit(db: Db, id: number, body: VisitBody, userID: number | null, now: number): Promise<VisitRecord> {
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const [locked] = await tx.select({ id: visits.id }).from(visits).where(eq(visits.id, id)).for('update');
    const visit = locked && (await visitRecord(tx, id));
    if (!visit) throw notFound(VISIT_NOT_FOUND);
    if (visit.version !== body.version) throw conflict(VISIT_STALE);
    if (visit.billed) throw conflict(agreementMessages.visitBilled);
    if (body.status === 'done' && visit.status === 'done') throw conflict(agreementMessages.visitDoneTwice);
    const [agreement] = await tx
      .select({ startDate: agreements.startDate, endDate: agreements.endDate, cancelledOn: agreements.cancelledOn })
      .from(agreements)
      .where(eq(agreements.id, visit.agreementID));
    const date = body.date ?? visit.date;
    if (body.date !== undefined) {
      const last = agreement.cancelledOn ?? agreement.endDate;
      if (date < String(agreement.startDate) || date > String(last)) throw formInvalid({ date: agreementMessages.visitOutsideTerm });
    }
    const status = body.status ?? visit.status;
    const completing = status === 'done' && visit.status !== 'done';
    const reopening = status !== 'done' && visit.status === 'done';
    await tx
      .update(visits)
      .set({
        date,
        status,
        ...(body.crew !== undefined ? { crew: body.crew ?? '' } : {}),
        ...(body.actualHours !== undefined ? { actualHours: body.actualHours } : {}),
        ...(body.materials !== undefined ? { materials: body.materials } : {}),
        ...(body.notes !== undefined ? { notes: body.notes ?? '' } : {}),
        ...(completing ? { completedAt: new Date(now), completedBy: userID } : {}),
        ...(reopening ? { completedAt: null, completedBy: null } : {}),
        version: sql`${visits.version} + 1`,
        updatedAt: sql`now()`,
      })
      .where(eq(visits.id, id));
    return (await visitRecord(tx, id))!;
  });
}
