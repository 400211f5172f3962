import { and, eq, lt, sql } from 'drizzle-orm';
import { JOB_KINDS } from '../../src/domain/jobs';
import { calendarDateIn } from '../../src/domain/officeDate';
import { agreements } from '../db/entityTables';
import { officeTimeZone } from '../db/officeSettings';
import { defineJobKind } from '../jobs/kinds';

/** How often active agreements past their term are marked ended. */
export const TERM_END_EVERY_MS = 3_600_000;

/**
 * Agreements end with their term (issue 40): every hour by the app's clock, the active ones whose
 * End Date is before the office's today become `ended` (their visits and billing stay as they are).
 */
export const agreementTermJob = defineJobKind<unknown, { ended: number }>({
  kind: JOB_KINDS.agreementTerms,
  repeatEveryMs: TERM_END_EVERY_MS,
  maxAttempts: 1,
  async run(_payload, { db, now }) {
    const today = calendarDateIn(await officeTimeZone(db), new Date(now()));
    const ended = await db
      .update(agreements)
      .set({ status: 'ended', version: sql`${agreements.version} + 1`, updatedAt: sql`now()` })
      .where(and(eq(agreements.status, 'active'), lt(agreements.endDate, today)))
      .returning({ id: agreements.id });
    return { ended: ended.length };
  },
});
