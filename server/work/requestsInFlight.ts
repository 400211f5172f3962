import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * How long a step of long work (an import's commit or undo on PGlite) waits at most for the
 * requests under way to answer: under a steady load it still gets half the database's time.
 */
export const OTHERS_FIRST_MAX_MS = 100;

/**
 * The requests this process is answering, so that long work steps aside for them between its
 * steps. On PGlite one connection serves everyone and a step holds it: a list of three queries
 * that arrives during a step ran one query, then waited behind the next step, then the next —
 * 400 ms behind an import's 100 ms steps. Waiting before each step until they have answered
 * lets each of them wait for one step at most.
 */
export interface RequestsInFlight {
  /** Resolves once no request is under way, or after `maxWaitMs`. */
  othersFirst(maxWaitMs?: number): Promise<void>;
}

export function trackRequestsInFlight(app: FastifyInstance): RequestsInFlight {
  let count = 0;
  const waiting = new Set<() => void>();
  const answering = new WeakSet<FastifyRequest>();
  const ended = (request: FastifyRequest) => {
    if (!answering.delete(request)) return;
    count -= 1;
    if (count > 0) return;
    for (const done of waiting) done();
  };
  app.addHook('onRequest', async (request) => {
    answering.add(request);
    count += 1;
  });
  app.addHook('onResponse', async (request) => ended(request));
  app.addHook('onRequestAbort', async (request) => ended(request));
  return {
    othersFirst(maxWaitMs = OTHERS_FIRST_MAX_MS) {
      if (count === 0) return Promise.resolve();
      return new Promise((resolve) => {
        const done = () => {
          clearTimeout(timer);
          waiting.delete(done);
          resolve();
        };
        const timer = setTimeout(done, maxWaitMs);
        waiting.add(done);
      });
    },
  };
}
