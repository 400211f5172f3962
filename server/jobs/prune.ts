import { and, eq, inArray, lt, or } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { jobFiles, jobs } from '../db/tables/jobs';
import { JOB_FILE_KEEP_HOURS, JOB_KEEP_DAYS } from '../../src/domain/jobs';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
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
    if (deleted.length < PRUNE_BATCH) break;
    await new Promise((resolve) => setImmediate(resolve));
  }
  await pruneJobFiles(db, now);
  return removed;
}

/** Deletes the files of jobs finished more than JOB_FILE_KEEP_HOURS ago (their jobs stay, as long as jobs do). */
async function pruneJobFiles(db: Db, now: number): Promise<void> {
  const old = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(lt(jobs.finishedAt, new Date(now - JOB_FILE_KEEP_HOURS * HOUR_MS)));
  for (;;) {
    const batch = db.select({ jobId: jobFiles.jobId }).from(jobFiles).where(inArray(jobFiles.jobId, old)).limit(PRUNE_BATCH);
    const deleted = await db.delete(jobFiles).where(inArray(jobFiles.jobId, batch)).returning({ jobId: jobFiles.jobId });
    if (deleted.length < PRUNE_BATCH) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
}
