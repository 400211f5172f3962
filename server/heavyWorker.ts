import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { getHeapStatistics } from 'node:v8';
import { parentPort } from 'node:worker_threads';
import { heavyTasks } from './work/heavyTasks';
import { featureTaskRun } from './work/featureTasks';
import type { TaskAnswer, TaskCall } from './work/workerPool';
import { describeTaskError } from './work/taskErrors';
import { transferablesOf } from './work/transferables';
// Each feature's tasks (server/work/featureTasks.ts), declared as their modules load.
import './company/logoTask';
import './imports/readFileTask';
import './proposals/signatureTask';
import './snow/seasonReport';
import './photos/photoTask';
import './sitePlans/planPicture';

/**
 * A worker thread of the heavy-work pool (server/work/heavyWork.ts): runs the engine's tasks
 * (server/work/heavyTasks.ts) and the features' tasks named above.
 */
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
  const run = (heavyTasks as Record<string, (payload: unknown) => unknown>)[task] ?? featureTaskRun(task);
  Promise.resolve()
    .then(() => {
      if (!run) throw new Error(`Unknown task ${task}.`);
      return run(payload);
    })
    .then(
      (result) => {
        const answer = { call, result, heapBytes: heapBytes() } satisfies TaskAnswer;
        try {
          port.postMessage(answer, transferablesOf(result));
        } catch {
          // A buffer that cannot move (Node 24: memory a native module such as sharp allocated) is copied.
          port.postMessage(answer);
        }
      },
      (error: unknown) => port.postMessage({ call, error: describeTaskError(error), heapBytes: heapBytes() } satisfies TaskAnswer),
    );
});
