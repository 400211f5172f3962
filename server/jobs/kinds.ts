import type { Db } from '../db/connection';
import type { DeliveryOptions } from '../mail/options';
import type { HeavyWork } from '../work/heavyWork';
import type { ReadInTurn } from '../db/readsInTurn';

/** What the process offers its jobs: its worker threads, how it sends mail, and how its database wants long writes. */
export interface JobServices {
  heavyWork: HeavyWork;
  mail: DeliveryOptions;
  /**
   * Long writes go in short transactions of their own, others' requests running between them
   * (PGlite: one connection, which a transaction holds for everyone).
   */
  writesInSteps: boolean;
  /** Before each of those steps: lets the requests this process is answering finish first (server/work/requestsInFlight.ts). */
  othersFirst(): Promise<void>;
  /** The reads behind documents and exports, in the database's lane (server/db/readsInTurn.ts). */
  readInTurn: ReadInTurn;
}

/** What a job's handler is given besides its payload. */
export interface JobContext {
  db: Db;
  jobId: number;
  ownerId: number | null;
  /** This try's number (1 = the first): a handler is safe to run again after a crash. */
  attempt: number;
  /** Aborted when the job is cancelled or its worker stops: stop at the next safe point. */
  signal: AbortSignal;
  /** How far it has got; written to the job at most a few times a second. */
  progress(done: number | null, total: number | null, phase?: string | null): void;
  /** The app's clock (ms). */
  now(): number;
  services: JobServices;
}

export interface JobKind<Payload = unknown, Result = unknown> {
  kind: string;
  run(payload: Payload, context: JobContext): Promise<Result>;
  /** Whether a running job of this kind can be stopped (a queued one always can). */
  cancellable?: boolean;
  /** Tries in all (default DEFAULT_JOB_ATTEMPTS). */
  maxAttempts?: number;
  /**
   * The server's own scheduled work (issue 39: follow-ups): one job of the kind is kept queued
   * by every process that runs jobs, and after each try, done or failed, it is queued again
   * this long after (by the app's clock, so that moving the clock makes it due).
   */
  repeatEveryMs?: number;
  /** Called once when the job has failed for good (what waited for it learns why). */
  failed?(payload: Payload, error: string, db: Db): Promise<void>;
  /** Called once when the job was cancelled, queued or running (what it started is put back). */
  cancelled?(payload: Payload, db: Db): Promise<void>;
}

/**
 * A failure that trying again will not mend (a file refused, a document too large): the job
 * fails at once and its message is what the owner reads.
 */
export class JobFailure extends Error {}

/**
 * A try that did not succeed and is to be made again at `at` (ms by the app's clock) rather
 * than after the usual back-off: a mail server that refused for now, with the mail's own waits.
 */
export class JobRetry extends Error {
  constructor(
    message: string,
    readonly at: number,
  ) {
    super(message);
  }
}

/**
 * When a job that waits for another's work runs: never, until that work makes it due
 * (a mail waiting for its PDF, a signed PDF waiting for the PDF as sent).
 */
export const UNTIL_RELEASED = Date.UTC(9999, 0, 1);

const registry = new Map<string, JobKind>();

/**
 * Declares a kind of job: the feature that owns it calls this when it loads, and every worker
 * of the process can run it. The engine imports no feature.
 */
export function defineJobKind<Payload, Result>(definition: JobKind<Payload, Result>): JobKind<Payload, Result> {
  const known = registry.get(definition.kind);
  if (known && known !== (definition as JobKind)) throw new Error(`The job kind "${definition.kind}" is declared twice.`);
  registry.set(definition.kind, definition as JobKind);
  return definition;
}

export function jobKind(kind: string): JobKind | undefined {
  return registry.get(kind);
}

export function jobKindNames(): string[] {
  return [...registry.keys()];
}

/** The kinds that repeat (the server's own schedule). */
export function repeatingKinds(): JobKind[] {
  return [...registry.values()].filter((kind) => kind.repeatEveryMs !== undefined);
}
