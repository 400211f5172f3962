import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { trackRequestsInFlight } from '../../server/work/requestsInFlight';
import { nextBatchSize } from '../../server/imports/commit';

/** Long work on PGlite steps aside for the requests under way (issue 36: nobody waits behind another's work). */
describe('requests in flight', () => {
  it('othersFirst resolves at once when none is under way, once the last has answered, or after its limit', async () => {
    const app = Fastify();
    const requests = trackRequestsInFlight(app);
    let release: () => void = () => undefined;
    app.get('/slow', async () => {
      await new Promise<void>((resolve) => (release = resolve));
      return { ok: true };
    });
    await app.ready();
    try {
      const order: string[] = [];
      await requests.othersFirst();
      const answer = app.inject({ method: 'GET', url: '/slow' });
      await new Promise((resolve) => setTimeout(resolve, 20));
      const stepped = requests.othersFirst(10_000).then(() => order.push('step'));
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(order).toEqual([]);
      order.push('answering');
      release();
      await Promise.all([answer, stepped]);
      expect(order).toEqual(['answering', 'step']);

      // A request that takes longer than the limit does not hold the work for good.
      const held = app.inject({ method: 'GET', url: '/slow' });
      await new Promise((resolve) => setTimeout(resolve, 20));
      const started = performance.now();
      await requests.othersFirst(60);
      expect(performance.now() - started).toBeGreaterThanOrEqual(50);
      release();
      await held;
    } finally {
      await app.close();
    }
  });

  it("an import's steps shrink when they take longer than their target and grow back when they are quick", () => {
    expect(nextBatchSize(400, 250, 100)).toBe(200);
    expect(nextBatchSize(200, 80, 100)).toBe(200);
    expect(nextBatchSize(200, 30, 100)).toBe(300);
    expect(nextBatchSize(300, 10, 100)).toBe(400);
    expect(nextBatchSize(400, 10, 100)).toBe(400);
    expect(nextBatchSize(30, 1_000, 100)).toBe(25);
  });
});
