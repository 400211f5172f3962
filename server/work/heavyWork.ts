import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { ContactExportRow } from '../documents/contactsCsv';
import type { MaterialsData, ProposalData } from '../documents/documentData';
import type { OperationsExportRow } from '../../src/schema/operations';
import type { ExportEncoder, ExportFileSpec } from '../documents/listExportFile';
import type { ProposalOptions } from '../documents/proposalDocument';
import type { Acceptance } from '../documents/signedProposalDocument';
import { HttpError } from '../errors';
import type { HeavyTaskName, HeavyTaskPayload, HeavyTaskResult } from './heavyTasks';
import { featureTaskRun, type HeavyTask } from './featureTasks';
import { createWorkerPool, type WorkerLane, type WorkerPool } from './workerPool';
import { memoryShares, type GiveBack, type WorkShares } from './workShares';

/** Documents, exports, logo and signature checks and import files being read one user (or client address) may have under way at once. */
export const HEAVY_WORK_PER_USER = 3;
export const TOO_MUCH_HEAVY_WORK = `You already have ${HEAVY_WORK_PER_USER} documents, exports or imports being prepared. Try again when one is ready.`;

/** 429 with Retry-After: this user's share of the heavy work is taken. */
export class TooMuchHeavyWork extends HttpError {
  readonly retryAfter = 2;
  constructor() {
    super(429, TOO_MUCH_HEAVY_WORK);
  }
}

export interface HeavyWorkOptions {
  /** Worker threads at most (default: one core is left for everything else); 0 runs the work here. */
  threads?: number;
  /** Calls one owner may have running or waiting (default HEAVY_WORK_PER_USER). */
  perOwner?: number;
  /** Each thread's heap, MB (default HEAVY_WORK_HEAP_MB). */
  heapMb?: number;
  /** Where the owners' shares are counted (default: in this process; the app's: in the database). */
  shares?: WorkShares;
  /** How long a thread without work stays before it leaves and gives its memory back (default 10 s). */
  idleMs?: number;
}

/**
 * A document's data, or how to read it: a reader is called only once the owner's share is
 * taken, so that a call refused with TooMuchHeavyWork reads nothing from the database.
 */
export type DataOrReader<T> = T | (() => Promise<T>);

const dataOf = <T>(data: DataOrReader<T>): Promise<T> =>
  typeof data === 'function' ? (data as () => Promise<T>)() : Promise.resolve(data);

/**
 * The work that would hold the event loop for seconds (PDFs, export files, decoding a logo,
 * reading an import file),
 * done on worker threads so that everyone else's requests go on meanwhile. Each call names its
 * owner (a user, or a client of the public proposal pages): an owner has at most `perOwner`
 * calls under way, beyond which the call is refused at once (TooMuchHeavyWork).
 */
export interface HeavyWork {
  proposalPdf(owner: string, data: DataOrReader<ProposalData>, options: ProposalOptions): Promise<Buffer>;
  materialsPdf(owner: string, data: DataOrReader<MaterialsData>): Promise<Buffer>;
  /** The acceptance, followed by the pages of the PDF that was sent (`sentPdf`) as they are. */
  signedProposalPdf(owner: string, data: ProposalData, acceptance: Acceptance, sentPdf: Uint8Array): Promise<Buffer>;
  /** A feature's task (./featureTasks.ts); a thread that runs out of its heap is `outOfMemory` (default 422 DOCUMENT_TOO_LARGE). */
  run<Payload, Result>(owner: string, task: HeavyTask<Payload, Result>, payload: Payload, outOfMemory?: () => HttpError): Promise<Result>;
  operationsWorkbook(owner: string, rows: OperationsExportRow[]): Promise<Buffer>;
  contactsCsv(owner: string, rows: ContactExportRow[]): Promise<Buffer>;
  /** An export file written on one thread page by page; the owner's slot is held until its end. */
  exportEncoder(owner: string, spec: ExportFileSpec): Promise<ExportEncoder>;
  /**
   * Starts the warm thread and loads the PDF engine on it (the server does once it listens): the
   * first document after a start, or after a quiet hour, does not wait for either.
   */
  prewarm(): Promise<void>;
  close(): Promise<void>;
}

/** Whose share a call takes: a signed-in user's, or a client address's on the public pages. */
export const userOwner = (user: { id: number }) => `user:${user.id}`;
export const clientOwner = (request: { ip: string }) => `client:${request.ip}`;

export const DEFAULT_HEAVY_WORK_THREADS = Math.max(1, availableParallelism() - 1);

/** A structured clone brings a Buffer back as a plain Uint8Array. */
const asBuffer = (bytes: Uint8Array): Buffer =>
  Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/**
 * A thread's heap is bounded, so that V8 collects before the server's memory runs away under a
 * stream of documents (unbounded, it grows towards a limit set by the machine's memory). A
 * 325-page materials list needs about 160 MB; a document that needs more than the bound fails
 * with DOCUMENT_TOO_LARGE instead of taking the server's memory.
 */
export const HEAVY_WORK_HEAP_MB = 256;
export const DOCUMENT_TOO_LARGE = 'This document is too large to prepare. Leave out some work areas and try again.';

function spawnHeavyWorker(heapMb: number): Worker {
  const resourceLimits = { maxOldGenerationSizeMb: heapMb, maxYoungGenerationSizeMb: 16 };
  // scripts/serverBuild.mjs builds the worker beside the bundle and names it here.
  const bundled = process.env.YARDSTICK_HEAVY_WORKER_FROM_BUNDLE;
  if (bundled) return new Worker(new URL(bundled, import.meta.url), { resourceLimits });
  return new Worker(new URL('./sourceWorker.mjs', import.meta.url), {
    workerData: { entry: new URL('../heavyWorker.ts', import.meta.url).href },
    resourceLimits,
  });
}

const documentTooLarge = () => new HttpError(422, DOCUMENT_TOO_LARGE);

/** A thread that ran out of its heap took the call with it: what it made was too large. */
function tooLarge(error: unknown, outOfMemory: () => HttpError): unknown {
  return (error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY' ? outOfMemory() : error;
}

interface Runner {
  /** A task by its name: the engine's (./heavyTasks.ts) or a feature's (./featureTasks.ts). */
  run(task: string, payload: unknown): Promise<unknown>;
  release(): void;
}

/** Runs the tasks on this thread: the peer of the benchmarks, and `threads: 0`. */
function inlineRunner(): Runner {
  return {
    async run(task: string, payload: unknown) {
      const { heavyTasks } = await import('./heavyTasks');
      const run = (heavyTasks as Record<string, (payload: unknown) => unknown>)[task] ?? featureTaskRun(task);
      if (!run) throw new Error(`Unknown task ${task}.`);
      return run(payload);
    },
    release() {},
  };
}

const laneRunner = (lane: WorkerLane | WorkerPool): Runner => ({
  run: (task: string, payload: unknown) => lane.run(task, payload),
  release: () => ('release' in lane ? lane.release() : undefined),
});

export function createHeavyWork(options: HeavyWorkOptions = {}): HeavyWork {
  const { threads = DEFAULT_HEAVY_WORK_THREADS, perOwner = HEAVY_WORK_PER_USER, heapMb = HEAVY_WORK_HEAP_MB } = options;
  const pool =
    threads > 0
      ? createWorkerPool({
          spawn: () => spawnHeavyWorker(heapMb),
          size: threads,
          idleMs: options.idleMs,
          warmUp: { task: 'warmUp' satisfies HeavyTaskName },
        })
      : undefined;
  const shares = options.shares ?? memoryShares(perOwner);
  let nextSession = 1;

  /** Takes one of the owner's slots (TooMuchHeavyWork when none is free); the answer gives it back (once). */
  const take = async (owner: string): Promise<GiveBack> => {
    const giveBack = await shares.take(owner);
    if (!giveBack) throw new TooMuchHeavyWork();
    return giveBack;
  };

  /** An engine's task, typed by its name. */
  const call = async <Name extends HeavyTaskName>(owner: string, task: Name, payload: DataOrReader<HeavyTaskPayload<Name>>) =>
    (await callByName(owner, task, payload)) as HeavyTaskResult<Name>;

  /** The payload may be read once the share is taken (DataOrReader). */
  const callByName = async (owner: string, task: string, payload: DataOrReader<unknown>, outOfMemory = documentTooLarge) => {
    const giveBack = await take(owner);
    try {
      return await (pool ? laneRunner(pool) : inlineRunner()).run(task, await dataOf(payload));
    } catch (error) {
      throw tooLarge(error, outOfMemory);
    } finally {
      await giveBack();
    }
  };

  return {
    proposalPdf: async (owner, data, options) =>
      asBuffer(await call(owner, 'proposalPdf', async () => ({ data: await dataOf(data), options }))),
    materialsPdf: async (owner, data) => asBuffer(await call(owner, 'materialsPdf', async () => ({ data: await dataOf(data) }))),
    signedProposalPdf: async (owner, data, acceptance, sentPdf) =>
      asBuffer(await call(owner, 'signedProposalPdf', { data, acceptance, sentPdf })),
    operationsWorkbook: async (owner, rows) => asBuffer(await call(owner, 'operationsWorkbook', { rows })),
    contactsCsv: async (owner, rows) => asBuffer(await call(owner, 'contactsCsv', { rows })),
    run: async <Payload, Result>(owner: string, task: HeavyTask<Payload, Result>, payload: Payload, outOfMemory = documentTooLarge) =>
      (await callByName(owner, task.name, payload, outOfMemory)) as Result,
    async exportEncoder(owner, spec) {
      const giveBack = await take(owner);
      const runner = pool ? laneRunner(pool.lane()) : inlineRunner();
      const session = nextSession++;
      const opened = runner.run('exportOpen', { session, spec });
      opened.catch(() => undefined);
      const finish = () => {
        runner.release();
        return giveBack();
      };
      return {
        async page(page) {
          await opened;
          return asBuffer((await runner.run('exportPage', { session, page })) as HeavyTaskResult<'exportPage'>);
        },
        async end() {
          try {
            await opened;
            return asBuffer((await runner.run('exportEnd', { session })) as HeavyTaskResult<'exportEnd'>);
          } finally {
            await finish();
          }
        },
        abort() {
          runner.run('exportAbort', { session }).catch(() => undefined);
          return finish();
        },
      };
    },
    prewarm: async () => pool?.prewarm(),
    close: async () => pool?.close(),
  };
}
