import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { jobs } from '../db/tables/jobs';
import { instant, leaseEnd } from '../db/instants';
import { DEFAULT_JOB_ATTEMPTS, jobMessages, type JobView, type JobStatus } from '../../src/domain/jobs';

export type JobRow = typeof jobs.$inferSelect;

export interface NewJob {
  kind: string;
  payload?: unknown;
  /** The user who asked for it (null: the system's own, such as a schedule). */
  ownerId?: number | null;
  /** Not before this instant (ms by the app's clock); default now. */
  runAt?: number;
  maxAttempts?: number;
}

/**
 * Queues a job in the caller's transaction: it exists exactly when the change it belongs to
 * committed, and a rolled-back one never runs.
 */
export async function enqueueJob(tx: Db, job: NewJob, now: number = Date.now()): Promise<number> {
  const [row] = await tx
    .insert(jobs)
    .values({
      kind: job.kind,
      payload: job.payload ?? {},
      ownerId: job.ownerId ?? null,
      runAt: new Date(job.runAt ?? now),
      maxAttempts: job.maxAttempts ?? DEFAULT_JOB_ATTEMPTS,
    })
    .returning({ id: jobs.id });
  return row.id;
}

/**
 * A queued job due now (it was queued for later, waiting for what its caller was still writing
 * outside the transaction that queued it).
 */
export async function makeJobDue(db: Db, id: number, now: number = Date.now()): Promise<void> {
  await db
    .update(jobs)
    .set({ runAt: new Date(now) })
    .where(and(eq(jobs.id, id), eq(jobs.status, 'queued')));
}

export interface ClaimOptions {
  /** The kinds this worker can run. */
  kinds: readonly string[];
  leaseMs: number;
  workerId: string;
  now: number;
}

/**
 * Takes the job due first that nobody holds: one UPDATE whose row is chosen with
 * `FOR UPDATE SKIP LOCKED`, marking it running under a lease. Two workers on one PostgreSQL
 * never take the same job; one whose worker died comes back when its lease ends. Due-ness is
 * by the app's clock (tests move it); the lease is the database's, as every worker shares it.
 */
export async function claimNextJob(db: Db, { kinds, leaseMs, workerId, now }: ClaimOptions): Promise<JobRow | undefined> {
  if (kinds.length === 0) return undefined;
  const kindList = sql.join(
    kinds.map((kind) => sql`${kind}`),
    sql`, `,
  );
  const result = (await db.execute(sql`
    UPDATE jobs
       SET job_status = 'running', job_attempts = job_attempts + 1, job_locked_by = ${workerId},
           job_locked_until = ${leaseEnd(leaseMs)},
           job_started_at = coalesce(job_started_at, now())
     WHERE job_id = (
       SELECT job_id FROM jobs
        WHERE job_kind IN (${kindList})
          AND ((job_status = 'queued' AND job_run_at <= ${instant(now)})
               OR (job_status = 'running' AND job_locked_until < now()))
        ORDER BY job_run_at, job_id
        LIMIT 1
        FOR UPDATE SKIP LOCKED)
    RETURNING job_id`)) as unknown as { rows: { job_id: number }[] };
  const id = result.rows[0]?.job_id;
  if (id === undefined) return undefined;
  const [row] = await db
    .select()
    .from(jobs)
    .where(eq(jobs.id, Number(id)));
  return row;
}

/**
 * Ends the leases of running jobs whose worker is known dead, so that they run again at once
 * rather than when their lease runs out: every one held by another process when this one is
 * the only process of its database (PGlite: the data directory is one process's), else those
 * held by processes of this host that no longer exist. Answers how many.
 */
export async function reclaimOrphans(db: Db, workerId: string, onlyProcess: boolean): Promise<number> {
  const running = await db.select({ id: jobs.id, lockedBy: jobs.lockedBy }).from(jobs).where(eq(jobs.status, 'running'));
  const [host, pid] = workerId.split(':');
  const dead = running.filter(({ lockedBy }) => {
    const [theirHost, theirPid] = (lockedBy ?? '').split(':');
    if (theirHost === host && theirPid === pid) return false;
    return onlyProcess || (theirHost === host && !processAlive(Number(theirPid)));
  });
  if (dead.length === 0) return 0;
  await db
    .update(jobs)
    .set({ lockedUntil: sql`now() - interval '1 second'` })
    .where(
      and(
        inArray(
          jobs.id,
          dead.map(({ id }) => id),
        ),
        eq(jobs.status, 'running'),
      ),
    );
  return dead.length;
}

function processAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Only the worker holding the job's lease may write its outcome (a late one that lost it may not). */
export const heldBy = (id: number, workerId: string) => and(eq(jobs.id, id), eq(jobs.status, 'running'), eq(jobs.lockedBy, workerId));

/**
 * Renews the lease of a running job and says whether it is still this worker's and whether
 * someone asked it to stop.
 */
export async function renewLease(
  db: Db,
  id: number,
  workerId: string,
  leaseMs: number,
): Promise<{ held: boolean; cancelRequested: boolean }> {
  const [row] = await db
    .update(jobs)
    .set({ lockedUntil: leaseEnd(leaseMs) })
    .where(heldBy(id, workerId))
    .returning({ cancelRequested: jobs.cancelRequested });
  return { held: row !== undefined, cancelRequested: row?.cancelRequested ?? false };
}

/** Writes how far a job has got, and says whether someone asked it to stop. */
export async function writeProgress(
  db: Db,
  id: number,
  workerId: string,
  done: number | null,
  total: number | null,
  phase: string | null,
): Promise<{ cancelRequested: boolean }> {
  const [row] = await db
    .update(jobs)
    .set({ progressDone: done, progressTotal: total, progressPhase: phase?.slice(0, 200) ?? null })
    .where(heldBy(id, workerId))
    .returning({ cancelRequested: jobs.cancelRequested });
  return { cancelRequested: row?.cancelRequested ?? false };
}

export async function finishJob(db: Db, id: number, workerId: string, result: unknown): Promise<void> {
  await db
    .update(jobs)
    .set({ status: 'done', result: result ?? null, error: null, finishedAt: sql`now()`, lockedUntil: null })
    .where(heldBy(id, workerId));
}

/** Whether a failed try is the job's last: no retry asked, or no tries left. */
export const isLastTry = (job: Pick<JobRow, 'attempts' | 'maxAttempts'>, retryAt: number | null) =>
  retryAt === null || job.attempts >= job.maxAttempts;

/** A failed try: queued again after its back-off while tries remain, else failed with `error`. */
export async function failJob(
  db: Db,
  job: Pick<JobRow, 'id' | 'attempts' | 'maxAttempts'>,
  workerId: string,
  error: string,
  retryAt: number | null,
): Promise<JobStatus> {
  const again = !isLastTry(job, retryAt);
  await db
    .update(jobs)
    .set(
      again
        ? { status: 'queued', error, runAt: new Date(retryAt!), lockedUntil: null, lockedBy: null }
        : { status: 'failed', error, finishedAt: sql`now()`, lockedUntil: null },
    )
    .where(heldBy(job.id, workerId));
  return again ? 'queued' : 'failed';
}

export async function markCancelled(db: Db, id: number, workerId: string): Promise<void> {
  await db
    .update(jobs)
    .set({ status: 'cancelled', error: jobMessages.cancelled, finishedAt: sql`now()`, lockedUntil: null })
    .where(heldBy(id, workerId));
}

/**
 * A job's result written in the transaction of the work it made (a handler that writes in one
 * transaction is then safe to run twice: the second try finds it, its work already committed).
 */
export async function storeJobResult(tx: Db, id: number, result: unknown): Promise<void> {
  await tx.update(jobs).set({ result }).where(eq(jobs.id, id));
}

/** The result a try of this job committed with its work, if one did. */
export async function committedJobResult(tx: Db, id: number): Promise<unknown> {
  const [row] = await tx.select({ result: jobs.result }).from(jobs).where(eq(jobs.id, id));
  return row?.result ?? undefined;
}

/** A worker stopping (the server shuts down) gives its job back at once, the try not counted. */
export async function releaseJob(db: Db, id: number, workerId: string): Promise<void> {
  await db
    .update(jobs)
    .set({ status: 'queued', attempts: sql`greatest(${jobs.attempts} - 1, 0)`, lockedUntil: null, lockedBy: null })
    .where(heldBy(id, workerId));
}

/**
 * Stops a job: a queued one is cancelled at once; a running one of a kind that can stop is
 * asked to (its worker sees it at its next lease renewal). Answers which, or undefined when
 * it could not be stopped.
 */
export async function requestCancel(db: Db, id: number, cancellable: boolean): Promise<'cancelled' | 'asked' | undefined> {
  const queued = await db
    .update(jobs)
    .set({ status: 'cancelled', error: jobMessages.cancelled, finishedAt: sql`now()` })
    .where(and(eq(jobs.id, id), eq(jobs.status, 'queued')))
    .returning({ id: jobs.id });
  if (queued.length > 0) return 'cancelled';
  if (!cancellable) return undefined;
  const running = await db
    .update(jobs)
    .set({ cancelRequested: true })
    .where(and(eq(jobs.id, id), eq(jobs.status, 'running')))
    .returning({ id: jobs.id });
  return running.length > 0 ? 'asked' : undefined;
}

/** An admin's retry of a failed job: queued afresh, its tries counted from zero. */
export async function retryJob(db: Db, id: number, now: number = Date.now()): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ status: 'queued', attempts: 0, error: null, result: null, runAt: new Date(now), finishedAt: null, cancelRequested: false })
    .where(and(eq(jobs.id, id), eq(jobs.status, 'failed')))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

export async function findJob(db: Db, id: number): Promise<JobRow | undefined> {
  const [row] = await db.select().from(jobs).where(eq(jobs.id, id));
  return row;
}

/** The job as its owner sees it: no payload, no worker names. */
export function jobView(row: JobRow): JobView {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status as JobStatus,
    progress: { done: row.progressDone, total: row.progressTotal, phase: row.progressPhase },
    ...(row.result !== null && row.result !== undefined ? { result: row.result } : {}),
    ...(row.error ? { error: row.error } : {}),
  };
}
