import { and, eq, inArray, lt, or } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { jobs } from '../db/tables/jobs';
import { JOB_KEEP_DAYS } from '../../src/domain/jobs';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Jobs deleted by one statement: on PGlite, others' requests run between two. */
const PRUNE_BATCH = 500;

/**
 * Deletes the jobs finished longer ago than they are kept (JOB_KEEP_DAYS, by the app's clock),
 * a batch at a time; how many went. What a job did stays on its records (an import keeps its
 * counts and error; its job's id becomes null).
 */
export async function pruneJobs(db: Db, now: number = Date.now()): Promise<number> {
  const expired = or(
    and(inArray(jobs.status, ['done', 'cancelled']), lt(jobs.finishedAt, new Date(now - JOB_KEEP_DAYS.finished * DAY_MS))),
    and(eq(jobs.status, 'failed'), lt(jobs.finishedAt, new Date(now - JOB_KEEP_DAYS.failed * DAY_MS))),
  );
  let removed = 0;
  for (;;) {
    const batch = db.select({ id: jobs.id }).from(jobs).where(expired).limit(PRUNE_BATCH);
    const deleted = await db.delete(jobs).where(inArray(jobs.id, batch)).returning({ id: jobs.id });
    removed += deleted.length;
    if (deleted.length < PRUNE_BATCH) return removed;
    await new Promise((resolve) => setImmediate(resolve));
  }
}
