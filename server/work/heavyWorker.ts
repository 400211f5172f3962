import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { getHeapStatistics } from 'node:v8';
import { parentPort } from 'node:worker_threads';
import { heavyTasks, type HeavyTaskName } from './heavyTasks';
import type { TaskAnswer, TaskCall } from './workerPool';
import { describeTaskError } from './taskErrors';

/** A worker thread of the heavy-work pool: runs the calls of server/work/heavyTasks.ts. */
const port = parentPort;
if (!port) throw new Error('heavyWorker runs as a worker thread.');

/**
 * The thread yields the processor to the event loop it relieves: on Linux a thread has a
 * priority of its own (its id read from /proc/thread-self), and at nice 10 it takes whatever
 * the server's requests leave, so on a small machine the lists stay quick while a long document
 * renders. Elsewhere the thread keeps the process's priority.
 */
function yieldToTheEventLoop(): void {
  try {
    const threadId = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(threadId) && threadId > 0) setPriority(threadId, 10);
  } catch {
    // Not Linux, or not allowed: the same priority as the rest of the server.
  }
}
yieldToTheEventLoop();

const heapBytes = () => getHeapStatistics().total_heap_size;

port.on('message', ({ call, task, payload }: TaskCall) => {
  const run = heavyTasks[task as HeavyTaskName] as ((payload: unknown) => unknown) | undefined;
  Promise.resolve()
    .then(() => {
      if (!run) throw new Error(`Unknown task ${task}.`);
      return run(payload);
    })
    .then(
      (result) => port.postMessage({ call, result, heapBytes: heapBytes() } satisfies TaskAnswer),
      (error: unknown) => port.postMessage({ call, error: describeTaskError(error), heapBytes: heapBytes() } satisfies TaskAnswer),
    );
});
