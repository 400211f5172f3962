/**
 * Work a feature sends to the heavy-work threads (a logo checked, a signature decoded, an import
 * file read), declared by the feature: the engine names none. The module that declares a task is
 * loaded by the threads (server/heavyWorker.ts names each) and by the feature that calls it
 * (HeavyWork.run). This module stays light: the main thread loads it with every feature.
 */
export interface HeavyTask<Payload, Result> {
  readonly name: string;
  run(payload: Payload): Promise<Result>;
}

const declared = new Map<string, (payload: unknown) => Promise<unknown>>();

export function defineHeavyTask<Payload, Result>(name: string, run: (payload: Payload) => Promise<Result>): HeavyTask<Payload, Result> {
  const known = declared.get(name);
  if (known && known !== run) throw new Error(`The heavy task "${name}" is declared twice.`);
  declared.set(name, run as (payload: unknown) => Promise<unknown>);
  return { name, run };
}

/** What a thread runs for a feature's task, when its module was loaded. */
export const featureTaskRun = (name: string) => declared.get(name);

/** Bytes as a structured clone delivers them (a plain Uint8Array), as a Buffer over the same memory. */
export const bufferOf = (bytes: Uint8Array): Buffer =>
  Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
