import { Worker } from 'node:worker_threads';
import { describe, expect, it, vi } from 'vitest';
import { createWorkerPool } from '../../server/work/workerPool';

/** A worker that answers `echo` with its payload, `seen` with the tasks it got, reports `heapBytes` (300 MB after `grow`), and dies on `die`. */
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const seen = [];
parentPort.on('message', ({ call, task, payload }) => {
  seen.push(task);
  if (task === 'seen') return parentPort.postMessage({ call, result: seen, heapBytes: workerData.heapBytes });
  if (task === 'die') process.exit(3);
  if (task === 'fail') parentPort.postMessage({ call, error: { message: 'nope', statusCode: 409 }, heapBytes: workerData.heapBytes });
  else parentPort.postMessage({ call, result: payload, heapBytes: task === 'grow' ? 300 * 1024 * 1024 : workerData.heapBytes });
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

  it('warms no thread started on demand; prewarm() warms the first one, which then stays when idle', async () => {
    const idle = () => new Promise((resolve) => setTimeout(resolve, 150));
    const threads = counted();
    const pool = createWorkerPool({ spawn: threads.spawn, size: 1, idleMs: 30, warmUp: { task: 'warmUp' } });
    try {
      expect(await pool.run('seen', null)).toEqual(['seen']);
      await pool.prewarm();
      await idle();
      expect(await pool.run('seen', null)).toEqual(['seen', 'warmUp', 'seen']);
      expect(threads.spawned()).toBe(1);
    } finally {
      await pool.close();
    }
  });

  it('warms a new thread when the warm one is recycled for its heap', async () => {
    const threads = counted();
    const pool = createWorkerPool({ spawn: threads.spawn, size: 1, warmUp: { task: 'warmUp' } });
    try {
      await pool.prewarm();
      await pool.run('grow', null);
      // The document left a heap past the limit: the thread went, and a new one was warmed.
      await vi.waitFor(() => expect(threads.spawned()).toBe(2));
      await pool.prewarm();
      expect(await pool.run('seen', null)).toEqual(['warmUp', 'seen']);
      expect(threads.spawned()).toBe(2);
    } finally {
      await pool.close();
    }
  });

  it('lets an idle thread go, but keeps the warm one, which prewarm() starts with its warm-up call first', async () => {
    const idle = () => new Promise((resolve) => setTimeout(resolve, 150));
    const cold = counted();
    const plain = createWorkerPool({ spawn: cold.spawn, size: 1, idleMs: 30 });
    try {
      await plain.prewarm();
      expect(cold.spawned()).toBe(0);
      await plain.run('echo', 1);
      await idle();
      expect(await plain.run('seen', null)).toEqual(['seen']);
      expect(cold.spawned()).toBe(2);
    } finally {
      await plain.close();
    }
    const kept = counted();
    const warm = createWorkerPool({ spawn: kept.spawn, size: 2, idleMs: 30, warmUp: { task: 'warmUp' } });
    try {
      await warm.prewarm();
      expect(kept.spawned()).toBe(1);
      await idle();
      expect(await warm.run('seen', null)).toEqual(['warmUp', 'seen']);
      await warm.prewarm();
      expect(kept.spawned()).toBe(1);
    } finally {
      await warm.close();
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
