import { parentPort } from 'node:worker_threads';
import { heavyTasks, type HeavyTaskName } from './heavyTasks';
import type { TaskAnswer, TaskCall } from './workerPool';
import { describeTaskError } from './taskErrors';

/** A worker thread of the heavy-work pool: runs the calls of server/work/heavyTasks.ts. */
const port = parentPort;
if (!port) throw new Error('heavyWorker runs as a worker thread.');

port.on('message', ({ call, task, payload }: TaskCall) => {
  const run = heavyTasks[task as HeavyTaskName] as ((payload: unknown) => unknown) | undefined;
  Promise.resolve()
    .then(() => {
      if (!run) throw new Error(`Unknown task ${task}.`);
      return run(payload);
    })
    .then(
      (result) => port.postMessage({ call, result } satisfies TaskAnswer),
      (error: unknown) => port.postMessage({ call, error: describeTaskError(error) } satisfies TaskAnswer),
    );
});
