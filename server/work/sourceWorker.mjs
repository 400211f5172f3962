// Runs a worker thread's TypeScript entry from source (tests, tsx): the bundle that `npm start`
// runs has it compiled already (scripts/serverBuild.mjs).
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
