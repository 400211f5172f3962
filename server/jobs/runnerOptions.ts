/** What a job runner is started with, and what it answers (server/jobs/runner.ts). */
import type { JobServices } from './kinds';

export interface JobRunnerOptions {
  /** Jobs run at once by this process (default 1). */
  concurrency?: number;
  /** How often to look for due jobs besides when this process queues one (default 1 s). */
  pollMs?: number;
  /** A running job's lease, renewed every third of it (default 30 s). */
  leaseMs?: number;
  /** The app's clock (ms). */
  now?: () => number;
  log?: (line: string) => void;
  /** Look on a timer and when kicked (default: false; tests call runPending). */
  run?: boolean;
  /** What the process offers its jobs (the app's; a bare runner has none). */
  services?: JobServices;
  /** This process is the only one of its database (PGlite): every running job it finds at start was orphaned. */
  onlyProcess?: boolean;
  /**
   * Kinds run only when asked (`runPending(kinds)`), never on the timer, a kick or a bare
   * `runPending()`: the mail of an app whose mail worker is off (tests deliver it themselves).
   */
  onlyWhenAsked?: readonly string[];
  /** How often finished jobs past their keeping are deleted, with `run` (default hourly; the first a minute after the start). */
  pruneEveryMs?: number;
}

/** What a bare runner (no app around it) offers its jobs: nothing that needs the app. */
export const NO_SERVICES: JobServices = {
  get heavyWork(): never {
    throw new Error('This job runner has no worker threads.');
  },
  get mail(): never {
    throw new Error('This job runner sends no mail.');
  },
  writesInSteps: false,
  othersFirst: async () => undefined,
  readInTurn: (read) => read(),
};

export interface JobRunner {
  /** Runs the due jobs (of `kinds`, else of every kind not run only when asked) until none is left; how many ran. */
  runPending(kinds?: readonly string[]): Promise<number>;
  /** Something was queued: look soon. */
  kick(): void;
  /** Stops taking jobs; running ones are given back to the queue. */
  stop(): Promise<void>;
  /** A stop was asked for this job (POST /api/jobs/:id/cancel): if it runs here, it stops at its next safe point. */
  cancel(id: number): void;
  readonly workerId: string;
}
