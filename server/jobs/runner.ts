import { hostname } from 'node:os';
import type { Db } from '../db/connection';
import { HttpError } from '../errors';
import { jobMessages, jobRetryDelayMs } from '../../src/domain/jobs';
import { jobKind, jobKindNames, JobFailure, JobRetry, repeatingKinds } from './kinds';
import { NO_SERVICES, type JobRunner, type JobRunnerOptions } from './runnerOptions';
import {
  claimNextJob,
  failJob,
  finishJob,
  isLastTry,
  markCancelled,
  reclaimOrphans,
  releaseJob,
  renewLease,
  writeProgress,
  type JobRow,
} from './queue';
import { jobTryEnded } from './waitForJob';
import { pruneJobs } from './prune';
import { ensureRepeatingJob, repeatJob } from './repeating';

export type { JobRunner, JobRunnerOptions } from './runnerOptions';

let runnersStarted = 0;

type StopReason = 'cancelled' | 'shutdown' | 'lost';

const PROGRESS_EVERY_MS = 250;
/** How often the schedule's jobs are looked at (queued if missing, made due if the clock went back). */
const SCHEDULE_LOOK_MS = 60_000;

const describeError = (error: unknown) => (error instanceof Error ? (error.stack ?? error.message) : String(error));

/**
 * The job worker of one process: claims due jobs (SKIP LOCKED, a lease) up to its concurrency,
 * runs each kind's handler, keeps the lease while it runs and writes the outcome. A handler's
 * JobFailure (or a 4xx HttpError) fails the job at once; anything else is tried again after a
 * back-off while tries remain. A job whose worker died runs again once its lease ends.
 */
export function startJobRunner(db: Db, options: JobRunnerOptions = {}): JobRunner {
  const workerId = `${hostname()}:${process.pid}:${++runnersStarted}`.slice(0, 100);
  const concurrency = options.concurrency ?? 1;
  const leaseMs = options.leaseMs ?? 30_000;
  const now = options.now ?? Date.now;
  const log = options.log ?? (() => undefined);
  const running = new Map<number, { controller: AbortController; done: Promise<void> }>();
  let stopped = false;
  let draining: Promise<number> | undefined;

  /**
   * A failed try, queued again at `retryAt` while tries remain. On the last, the kind's `failed`
   * hook puts back what the job started before the job shows as failed: whoever follows the job
   * never sees it failed with its work half undone.
   */
  async function fail(row: JobRow, error: string, retryAt: number | null): Promise<void> {
    if (isLastTry(row, retryAt)) await jobKind(row.kind)?.failed?.(row.payload, error, db);
    await failJob(db, row, workerId, error, retryAt);
  }

  async function runOne(row: JobRow, controller: AbortController): Promise<void> {
    const kind = jobKind(row.kind);
    if (!kind) {
      await failJob(db, row, workerId, jobMessages.unknownKind, null);
      return;
    }
    if (row.attempts > row.maxAttempts) {
      await fail(row, jobMessages.interrupted, null);
      return;
    }
    const stopWith = (reason: StopReason) => controller.abort(reason);
    /** A stop asked of the job (seen at a lease renewal or a progress write) stops one of a kind that can stop. */
    const stopIfAsked = (cancelRequested: boolean) => {
      if (cancelRequested && kind.cancellable) stopWith('cancelled');
    };
    let latest: [number | null, number | null, string | null] | undefined;
    let lastWritten = 0;
    let progressWrite: Promise<void> = Promise.resolve();
    const flushProgress = () => {
      if (!latest) return progressWrite;
      const [done, total, phase] = latest;
      latest = undefined;
      lastWritten = Date.now();
      progressWrite = progressWrite
        .then(async () => {
          // A stop asked from another process is seen here, a few times a second, besides at the lease's renewal.
          stopIfAsked((await writeProgress(db, row.id, workerId, done, total, phase)).cancelRequested);
        })
        .catch(() => undefined);
      return progressWrite;
    };
    const heartbeat = setInterval(() => {
      renewLease(db, row.id, workerId, leaseMs)
        .then(({ held, cancelRequested }) => {
          if (!held) stopWith('lost');
          else stopIfAsked(cancelRequested);
        })
        .catch((error: unknown) => log(`Job ${row.id}: the lease could not be renewed (${String(error)}).`));
    }, leaseMs / 3);
    heartbeat.unref();
    try {
      const result = await kind.run(row.payload, {
        db,
        jobId: row.id,
        ownerId: row.ownerId,
        attempt: row.attempts,
        signal: controller.signal,
        now,
        services: options.services ?? NO_SERVICES,
        progress(done, total, phase = null) {
          latest = [done, total, phase];
          if (Date.now() - lastWritten >= PROGRESS_EVERY_MS) void flushProgress();
        },
      });
      await flushProgress();
      if (kind.repeatEveryMs !== undefined) await repeatJob(db, row.id, workerId, now() + kind.repeatEveryMs, { result });
      else await finishJob(db, row.id, workerId, result);
    } catch (error) {
      await flushProgress();
      const reason = controller.signal.aborted ? (controller.signal.reason as StopReason) : undefined;
      if (reason === 'lost') return;
      if (reason === 'shutdown') await releaseJob(db, row.id, workerId);
      else if (kind.repeatEveryMs !== undefined && reason !== 'cancelled') {
        // The schedule goes on: the next try in its turn, this one's failure kept to be seen.
        log(`Job ${row.id} (${row.kind}) failed: ${describeError(error)}`);
        const message = error instanceof JobFailure ? error.message : 'Unexpected error';
        await repeatJob(db, row.id, workerId, now() + kind.repeatEveryMs, { error: message });
      } else if (reason === 'cancelled') {
        // What it started is put back before it shows as cancelled.
        await kind.cancelled?.(row.payload, db);
        await markCancelled(db, row.id, workerId);
      } else if (error instanceof JobRetry) {
        await fail(row, error.message, error.at);
      } else if (error instanceof JobFailure || (error instanceof HttpError && error.statusCode < 500 && error.statusCode !== 429)) {
        if (error.cause) log(`Job ${row.id} (${row.kind}) failed: ${error.message} (${describeError(error.cause)})`);
        await fail(row, error.message, null);
      } else if (error instanceof HttpError && error.statusCode === 429) {
        // The owner's share of the worker threads is taken: a passing refusal.
        await fail(row, error.message, now() + jobRetryDelayMs(row.attempts));
      } else {
        log(`Job ${row.id} (${row.kind}) failed on try ${row.attempts}: ${describeError(error)}`);
        await fail(row, 'Unexpected error', now() + jobRetryDelayMs(row.attempts));
      }
    } finally {
      clearInterval(heartbeat);
    }
  }

  const start = (row: JobRow) => {
    const controller = new AbortController();
    const done = runOne(row, controller)
      .catch((error: unknown) => log(`Job ${row.id}: its outcome could not be written (${String(error)}).`))
      .finally(() => {
        running.delete(row.id);
        jobTryEnded(row.id);
        // Its place is free: the next due job takes it.
        if (options.run) safely();
      });
    running.set(row.id, { controller, done });
  };

  /** The kinds run without being named. */
  const automaticKinds = () => jobKindNames().filter((kind) => !options.onlyWhenAsked?.includes(kind));

  async function drain(kinds: readonly string[]): Promise<number> {
    let started = 0;
    // A claim under way (a kick's) ends first, so that the job it takes is waited for below.
    await filling;
    for (;;) {
      while (running.size >= concurrency) await Promise.race([...running.values()].map((job) => job.done));
      if (stopped) break;
      const row = await claimNextJob(db, { kinds, leaseMs, workerId, now: now() });
      if (!row) break;
      started += 1;
      start(row);
    }
    // Until nothing runs (a job that ends lets the next start), a kick's claim that took the job
    // this drain's claim missed awaited too.
    for (;;) {
      await filling;
      if (running.size === 0) break;
      await Promise.all([...running.values()].map((job) => job.done));
    }
    return started;
  }

  const runPending = (kinds?: readonly string[]): Promise<number> => {
    if (draining) return draining.then(() => runPending(kinds));
    // Asked by name (a test, a command), a repeating kind's job is looked at first, as the timer would.
    draining = (kinds ? keepSchedule(kinds) : Promise.resolve(0))
      .then(() => drain(kinds ?? automaticKinds()))
      .finally(() => {
        draining = undefined;
      });
    return draining;
  };

  let filling: Promise<void> | undefined;
  let fillAgain = false;
  /**
   * Claims due jobs while this process has room for them, without waiting for those running (a
   * kick, the timer, a job that ended): a document queued while an import commits starts beside it.
   */
  async function fill(): Promise<void> {
    do {
      fillAgain = false;
      while (!stopped && running.size < concurrency) {
        const row = await claimNextJob(db, { kinds: automaticKinds(), leaseMs, workerId, now: now() });
        if (!row) break;
        start(row);
      }
    } while (fillAgain && !stopped);
  }
  const safely = () => {
    if (stopped) return;
    if (filling) {
      fillAgain = true;
      return;
    }
    filling = fill()
      .catch((error: unknown) => log(`Jobs could not be claimed: ${error instanceof Error ? error.message : String(error)}`))
      .finally(() => {
        filling = undefined;
      });
  };
  const timer = options.run ? setInterval(safely, options.pollMs ?? 1_000) : undefined;
  timer?.unref();
  // A job whose worker died (a crash, a kill) runs again now, not when its lease ends.
  if (options.run)
    void reclaimOrphans(db, workerId, options.onlyProcess ?? false)
      .then((count) => {
        if (count > 0) {
          log(`${count} job(s) of a worker that stopped will run again.`);
          safely();
        }
      })
      .catch((error: unknown) => log(`Jobs of stopped workers could not be looked for: ${describeError(error)}`));

  /**
   * The server's own schedule: each repeating kind has its job, due by the clock as it now is
   * (a cancelled one comes back, one queued before the clock was set back is made due).
   */
  const keepSchedule = async (kinds?: readonly string[]) => {
    let due = 0;
    for (const kind of repeatingKinds())
      if (!stopped && (!kinds || kinds.includes(kind.kind)) && (await ensureRepeatingJob(db, kind.kind, kind.repeatEveryMs!, now())))
        due += 1;
    return due;
  };
  const lookAtSchedule = () => {
    if (!stopped)
      keepSchedule()
        .then((due) => due > 0 && safely())
        .catch((error: unknown) => log(`The scheduled jobs could not be queued: ${describeError(error)}`));
  };
  if (options.run) lookAtSchedule();
  const scheduleTimer = options.run ? setInterval(lookAtSchedule, SCHEDULE_LOOK_MS) : undefined;
  scheduleTimer?.unref();

  const prune = () => {
    if (stopped) return;
    pruneJobs(db, now())
      .then((count) => count > 0 && log(`${count} finished job(s) past their keeping were deleted.`))
      .catch((error: unknown) => log(`Old jobs could not be deleted: ${describeError(error)}`));
  };
  const pruneTimer = options.run ? setInterval(prune, options.pruneEveryMs ?? 60 * 60_000) : undefined;
  pruneTimer?.unref();
  // Not at once: a start on a busy machine has enough to do (issue 35).
  const firstPrune = options.run ? setTimeout(prune, 60_000) : undefined;
  firstPrune?.unref();

  return {
    workerId,
    runPending,
    kick: () => {
      if (options.run && !stopped) setImmediate(safely);
    },
    cancel(id) {
      running.get(id)?.controller.abort('cancelled');
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      if (pruneTimer) clearInterval(pruneTimer);
      if (scheduleTimer) clearInterval(scheduleTimer);
      if (firstPrune) clearTimeout(firstPrune);
      for (const job of running.values()) job.controller.abort('shutdown');
      await Promise.all([...running.values()].map((job) => job.done));
      await draining?.catch(() => undefined);
      await filling;
    },
  };
}
