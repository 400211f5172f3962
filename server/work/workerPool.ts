import { Worker } from 'node:worker_threads';
import { reviveTaskError, type TaskError } from './taskErrors';

/** What the pool sends a worker: one call of a named task. */
export interface TaskCall {
  call: number;
  task: string;
  payload: unknown;
}

const noop = () => undefined;

/** A worker's answer to one call, with the size of its heap then. */
export type TaskAnswer = ({ call: number; result: unknown } | { call: number; error: TaskError }) & { heapBytes?: number };

export interface WorkerPoolOptions {
  /** Starts one worker thread (the script, its workerData). */
  spawn: () => Worker;
  /** Threads at most; each runs its calls one after another. */
  size: number;
  /** A worker with nothing to do for this long exits (its memory goes back), ms. */
  idleMs?: number;
  /** A worker whose heap grew past this exits as soon as it has nothing to do. */
  recycleAboveBytes?: number;
  /**
   * The call that makes a thread warm (a document engine loaded before anyone waits for it):
   * prewarm() sends it to the first thread, which then stays when idle. A thread started on
   * demand does not get it.
   */
  warmUp?: { task: string; payload?: unknown };
}

interface WarmThread {
  thread: Thread;
  ready: Promise<void>;
  warmed: boolean;
}

/** Calls that must run on the same thread, one after another (a file written page by page). */
export interface WorkerLane {
  run<T>(task: string, payload: unknown, transfer?: ArrayBuffer[]): Promise<T>;
  /** The lane is finished: its thread may go idle. */
  release(): void;
}

export interface WorkerPool {
  run<T>(task: string, payload: unknown, transfer?: ArrayBuffer[]): Promise<T>;
  /** Makes the first thread warm (the `warmUp` option's call), starting it if need be; once is enough. */
  prewarm(): Promise<void>;
  /** A lane on the least busy thread, kept until released. */
  lane(): WorkerLane;
  close(): Promise<void>;
}

interface Thread {
  worker: Worker;
  /** Calls sent and not answered, and lanes held. */
  load: number;
  /** Its heap at its last answer. */
  heapBytes: number;
  pending: Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>;
  idleTimer?: NodeJS.Timeout;
}

/**
 * A small pool of worker threads for the work that would hold the event loop for seconds
 * (documents, spreadsheets, image decoding). Threads start on the first call, leave after
 * `idleMs` without work, and are replaced when one dies (its calls fail, the others go on).
 */
export function createWorkerPool({
  spawn,
  size,
  idleMs = 10_000,
  recycleAboveBytes = 256 * 1024 * 1024,
  warmUp,
}: WorkerPoolOptions): WorkerPool {
  const threads: (Thread | undefined)[] = Array.from({ length: Math.max(1, size) }, () => undefined);
  let nextCall = 1;
  let closed = false;
  /** The thread kept warm (prewarm), its warm-up call, and whether that call succeeded. */
  let warm: WarmThread | undefined;

  /** The warm thread is going: another takes its place, unless warming up never worked (no loop of failing threads). */
  const replaceWarm = () => {
    const again = warm?.warmed === true;
    warm = undefined;
    if (again && !closed) void prewarm();
  };

  const retire = (index: number, thread: Thread, reason: Error) => {
    if (threads[index] === thread) threads[index] = undefined;
    clearTimeout(thread.idleTimer);
    for (const { reject } of thread.pending.values()) reject(reason);
    thread.pending.clear();
    // A warm thread that died (a document too large for it) is replaced by a warm one.
    if (warm?.thread === thread) replaceWarm();
  };

  const start = (index: number): Thread => {
    const worker = spawn();
    const thread: Thread = { worker, load: 0, heapBytes: 0, pending: new Map() };
    worker.on('message', (answer: TaskAnswer) => {
      const waiting = thread.pending.get(answer.call);
      if (!waiting) return;
      thread.pending.delete(answer.call);
      thread.heapBytes = answer.heapBytes ?? thread.heapBytes;
      if ('error' in answer) waiting.reject(reviveTaskError(answer.error));
      else waiting.resolve(answer.result);
    });
    worker.on('error', (error) => retire(index, thread, error));
    worker.on('exit', (code) => retire(index, thread, new Error(`The worker thread stopped (exit code ${code}).`)));
    threads[index] = thread;
    return thread;
  };

  /** The thread with the fewest calls; a running one before a new one when both are free. */
  const leastBusy = (): { index: number; thread: Thread } => {
    const rank = (index: number) => {
      const thread = threads[index];
      return thread ? thread.load * 2 : 1;
    };
    let best = 0;
    for (let index = 1; index < threads.length; index++) if (rank(index) < rank(best)) best = index;
    return { index: best, thread: threads[best] ?? start(best) };
  };

  const hold = (thread: Thread) => {
    thread.load++;
    clearTimeout(thread.idleTimer);
  };
  const letGo = (index: number, thread: Thread) => {
    thread.load--;
    if (thread.load > 0 || closed) return;
    const leave = () => {
      if (thread.load === 0 && threads[index] === thread) {
        threads[index] = undefined;
        void thread.worker.terminate();
      }
    };
    // A large document leaves a large heap behind: a new thread is cheaper than keeping it (and
    // a warm one is warmed again).
    if (thread.heapBytes > recycleAboveBytes) {
      leave();
      if (warm?.thread === thread) replaceWarm();
      return;
    }
    // The warm thread stays ready for the next document.
    if (warm?.thread === thread) return;
    thread.idleTimer = setTimeout(leave, idleMs);
    thread.idleTimer.unref();
  };

  const send = <T>(index: number, thread: Thread, task: string, payload: unknown, transfer: ArrayBuffer[] = []): Promise<T> => {
    if (closed) return Promise.reject(new Error('The worker pool is closed.'));
    if (threads[index] !== thread) return Promise.reject(new Error('The worker thread stopped.'));
    const call = nextCall++;
    hold(thread);
    return new Promise<T>((resolve, reject) => {
      thread.pending.set(call, { resolve: resolve as (value: unknown) => void, reject });
      thread.worker.postMessage({ call, task, payload } satisfies TaskCall, transfer);
    }).finally(() => letGo(index, thread));
  };

  async function prewarm(): Promise<void> {
    if (closed || !warmUp) return;
    if (!warm) {
      const thread = threads[0] ?? start(0);
      clearTimeout(thread.idleTimer);
      const entry: WarmThread = { thread, ready: Promise.resolve(), warmed: false };
      entry.ready = send(0, thread, warmUp.task, warmUp.payload).then(() => void (entry.warmed = true), noop);
      warm = entry;
    }
    await warm.ready;
  }

  return {
    run(task, payload, transfer) {
      const { index, thread } = leastBusy();
      return send(index, thread, task, payload, transfer);
    },
    prewarm,
    lane() {
      const { index, thread } = leastBusy();
      hold(thread);
      let released = false;
      return {
        run: (task, payload, transfer) => send(index, thread, task, payload, transfer),
        release() {
          if (released) return;
          released = true;
          letGo(index, thread);
        },
      };
    },
    async close() {
      closed = true;
      await Promise.all(
        threads.map(async (thread, index) => {
          if (!thread) return;
          retire(index, thread, new Error('The worker pool is closed.'));
          await thread.worker.terminate();
        }),
      );
    },
  };
}
