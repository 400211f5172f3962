import type { Db } from '../db/connection';
import { FINISHED_JOB_STATUSES, type JobStatus } from '../../src/domain/jobs';
import { findJob, type JobRow } from './queue';

/** Who waits in this process for a job's try to end, by job id (waitForJob). */
const waitingForTry = new Map<number, Set<() => void>>();

/** A try of a job ended in this process (done, failed, given back): whoever waits for it here looks again now. */
export function jobTryEnded(id: number): void {
  const waiting = waitingForTry.get(id);
  waitingForTry.delete(id);
  for (const wake of waiting ?? []) wake();
}

/** Resolves when a try of job `id` ends in this process, or after `ms`; `cancel` forgets it. */
function tryEndOrPause(id: number, ms: number): { ended: Promise<void>; cancel(): void } {
  let wake: () => void = () => undefined;
  const ended = new Promise<void>((resolve) => {
    const timer = setTimeout(() => wake(), ms);
    wake = () => {
      clearTimeout(timer);
      const waiting = waitingForTry.get(id);
      waiting?.delete(wake);
      if (waiting?.size === 0) waitingForTry.delete(id);
      resolve();
    };
  });
  let waiting = waitingForTry.get(id);
  if (!waiting) waitingForTry.set(id, (waiting = new Set()));
  waiting.add(wake);
  return { ended, cancel: wake };
}

/**
 * Waits up to `timeoutMs` for a job to finish (a request that waits briefly for a small one):
 * the job as it is at the end, finished or not. A job run by this process is seen as soon as
 * its try ends; one run elsewhere, at the next look (20 ms, then twice as long each time, at
 * most 250 ms).
 */
export async function waitForJob(db: Db, id: number, timeoutMs: number): Promise<JobRow | undefined> {
  const deadline = Date.now() + timeoutMs;
  let pause = 20;
  for (;;) {
    // Listened for before the look, so that a try ending meanwhile is not missed.
    const next = tryEndOrPause(id, Math.min(pause, Math.max(0, deadline - Date.now())));
    const job = await findJob(db, id);
    if (!job || FINISHED_JOB_STATUSES.includes(job.status as JobStatus) || Date.now() >= deadline) {
      next.cancel();
      return job;
    }
    await next.ended;
    pause = Math.min(pause * 2, 250);
  }
}
