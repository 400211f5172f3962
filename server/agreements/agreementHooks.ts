import { and, eq, gt, sql } from 'drizzle-orm';
import { agreementMessages, termMonths } from '../../src/domain/agreements';
import { moveVisitPlan } from '../../src/domain/visitPlans';
import { registerEntityHooks } from '../crud/entityHooks';
import type { EntityHooks } from '../crud/hookTypes';
import type { Db } from '../db/connection';
import { officeTimeZone, officeToday } from '../db/officeSettings';
import { agreementLines, billedLines } from '../db/tables/agreements';
import { conflict, formInvalid } from '../errors';
import { replanVisits, skipVisitsAfter } from './visitPlanning';

/** Whether anything of an agreement went to accounting. */
export async function agreementBilled(tx: Db, agreementID: number): Promise<boolean> {
  const [row] = await tx.select({ key: billedLines.key }).from(billedLines).where(eq(billedLines.agreementID, agreementID)).limit(1);
  return Boolean(row);
}

const termChanged = (values: Record<string, unknown>, existing: Record<string, unknown>) =>
  values.startDate !== existing.startDate || values.endDate !== existing.endDate;

/**
 * An agreement's own fields (issue 40): cancelling it is final and dated (the office's day);
 * its term changes only while nothing of it is billed, and its lines' plans and visits follow
 * the new term (src/domain/visitPlans.ts moveVisitPlan).
 */
export const agreementHooks: EntityHooks = {
  async serverValues(tx, values, { existing, context }) {
    if (!existing) return {};
    if (existing.status === 'cancelled' && values.status !== 'cancelled') throw formInvalid({ status: agreementMessages.cancelledStays });
    if (termChanged(values, existing) && (await agreementBilled(tx, existing.id as number))) throw conflict(agreementMessages.termBilled);
    if (values.status === 'cancelled' && existing.status !== 'cancelled') {
      return { cancelledOn: await officeToday(tx, context.now ?? Date.now()) };
    }
    return {};
  },
  async afterWrite(tx, record, { existing }) {
    if (!existing) return;
    const id = record.id as number;
    if (record.status === 'cancelled' && existing.status !== 'cancelled') await skipVisitsAfter(tx, id, String(record.cancelledOn));
    if (termChanged(record, existing)) {
      // Installments beyond the new term's months fall back to one a month.
      await tx
        .update(agreementLines)
        .set({ installments: null, version: sql`${agreementLines.version} + 1`, updatedAt: sql`now()` })
        .where(
          and(
            eq(agreementLines.agreementID, id),
            gt(agreementLines.installments, termMonths(String(record.startDate), String(record.endDate))),
          ),
        );
      const from = { startDate: String(existing.startDate), endDate: String(existing.endDate) };
      const to = { startDate: String(record.startDate), endDate: String(record.endDate) };
      const lines = await tx
        .select({ id: agreementLines.id, rrule: agreementLines.rrule })
        .from(agreementLines)
        .where(eq(agreementLines.agreementID, id));
      for (const line of lines) {
        if (!line.rrule) continue;
        await tx
          .update(agreementLines)
          .set({ rrule: moveVisitPlan(line.rrule, from, to), version: sql`${agreementLines.version} + 1`, updatedAt: sql`now()` })
          .where(eq(agreementLines.id, line.id));
      }
      await replanVisits(
        tx,
        lines.map((line) => line.id),
        await officeTimeZone(tx),
      );
    }
  },
};

registerEntityHooks('agreements', agreementHooks);
