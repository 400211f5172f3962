import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { createWorkerPool } from '../../server/work/workerPool';

/** A worker that answers `echo` with its payload, reports `heapBytes`, and dies on `die`. */
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
parentPort.on('message', ({ call, task, payload }) => {
  if (task === 'die') process.exit(3);
  if (task === 'fail') parentPort.postMessage({ call, error: { message: 'nope', statusCode: 409 }, heapBytes: workerData.heapBytes });
  else parentPort.postMessage({ call, result: payload, heapBytes: workerData.heapBytes });
});`;

function counted(heapBytes = 1) {
  let spawned = 0;
  const spawn = () => {
    spawned++;
    return new Worker(WORKER, { eval: true, workerData: { heapBytes } });
  };
  return { spawn, spawned: () => spawned };
}

describe('the worker pool', () => {
  it('runs calls on a thread it starts on the first call and keeps while it has work', async () => {
    const threads = counted();
    const pool = createWorkerPool({ spawn: threads.spawn, size: 2 });
    try {
      expect(threads.spawned()).toBe(0);
      expect(await Promise.all([pool.run('echo', 1), pool.run('echo', { a: [2] })])).toEqual([1, { a: [2] }]);
      expect(await pool.run('echo', 'again')).toBe('again');
      expect(threads.spawned()).toBeLessThanOrEqual(2);
    } finally {
      await pool.close();
    }
  });

  it("brings a worker's HttpError back with its status, and goes on after a thread dies", async () => {
    const threads = counted();
    const pool = createWorkerPool({ spawn: threads.spawn, size: 1 });
    try {
      await expect(pool.run('fail', null)).rejects.toMatchObject({ statusCode: 409, message: 'nope' });
      await expect(pool.run('die', null)).rejects.toThrow(/stopped/);
      expect(await pool.run('echo', 'alive')).toBe('alive');
      expect(threads.spawned()).toBe(2);
    } finally {
      await pool.close();
    }
  });

  it('replaces a thread whose heap grew past the limit once it has nothing to do', async () => {
    const big = counted(300 * 1024 * 1024);
    const pool = createWorkerPool({ spawn: big.spawn, size: 1, recycleAboveBytes: 256 * 1024 * 1024 });
    try {
      await pool.run('echo', 1);
      await pool.run('echo', 2);
      expect(big.spawned()).toBe(2);
    } finally {
      await pool.close();
    }
    const small = counted(1024);
    const steady = createWorkerPool({ spawn: small.spawn, size: 1 });
    try {
      await steady.run('echo', 1);
      await steady.run('echo', 2);
      expect(small.spawned()).toBe(1);
    } finally {
      await steady.close();
    }
  });

  it('keeps a lane on one thread until it is released', async () => {
    const threads = counted();
    const pool = createWorkerPool({ spawn: threads.spawn, size: 2 });
    try {
      const lane = pool.lane();
      expect(await lane.run('echo', 'a')).toBe('a');
      expect(await pool.run('echo', 'b')).toBe('b');
      expect(threads.spawned()).toBe(2);
      lane.release();
    } finally {
      await pool.close();
    }
  });
});
