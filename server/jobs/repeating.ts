import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { jobs } from '../db/tables/jobs';
import { enqueueJob, heldBy } from './queue';

/** The server's own schedule (issue 39): a repeating kind keeps one job, queued again after each try. */

/**
 * A repeating job's try ended, done or not: queued again for `runAt`, its tries counted afresh,
 * what it answered (or why it failed) kept until the next try.
 */
export async function repeatJob(
  db: Db,
  id: number,
  workerId: string,
  runAt: number,
  outcome: { result?: unknown; error?: string },
): Promise<void> {
  await db
    .update(jobs)
    .set({
      status: 'queued',
      runAt: new Date(runAt),
      attempts: 0,
      result: outcome.result ?? null,
      error: outcome.error ?? null,
      finishedAt: sql`now()`,
      lockedUntil: null,
      lockedBy: null,
    })
    .where(heldBy(id, workerId));
}

/**
 * Queues the one job of a repeating kind unless one is queued or running: servers starting
 * together on one PostgreSQL take turns on an advisory lock, so the kind has one job. One queued
 * further ahead than its period (the machine's clock was set back) is made due now, or it would
 * wait for the time the clock said before. Answers whether one is due now.
 */
export async function ensureRepeatingJob(db: Db, kind: string, everyMs: number, now: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`yardstick job ${kind}`}))`);
    const [existing] = await tx
      .select({ id: jobs.id, status: jobs.status, runAt: jobs.runAt })
      .from(jobs)
      .where(and(eq(jobs.kind, kind), inArray(jobs.status, ['queued', 'running'])))
      .limit(1);
    if (!existing) {
      await enqueueJob(tx, { kind, maxAttempts: 1 }, now);
      return true;
    }
    if (existing.status === 'queued' && existing.runAt.getTime() > now + everyMs) {
      await tx
        .update(jobs)
        .set({ runAt: new Date(now) })
        .where(eq(jobs.id, existing.id));
      return true;
    }
    return false;
  });
}
