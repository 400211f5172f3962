import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { US_STATES } from '../src/domain/states';

/** The states list the SPA's address forms read (JSON, compressed with the API: server/app.ts). */
export async function statesList(app: FastifyInstance): Promise<void> {
  app.get('/assets/states.json', async () => US_STATES);
}

/** Vite puts content-hashed bundles under assets/: a new build gives them new names. */
const HASHED_ASSET = `${sep}assets${sep}`;

/**
 * Serves the built SPA and index.html for every deep link
 * (`/customers/12`, `/estimates/5/detail`) so the browser router takes over.
 * Anything else unknown (under /api, or a path with a file extension) gets the app's JSON 404.
 */
export async function serveSpa(app: FastifyInstance, { distDir }: { distDir?: string }): Promise<void> {
  if (!distDir || !existsSync(join(distDir, 'index.html'))) return;
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: false,
    cacheControl: false,
    // The build writes .br and .gz beside each asset (scripts/precompress.ts): sent as they
    // are, by Accept-Encoding, never compressed per request.
    preCompressed: true,
    setHeaders: (res, path) => {
      const cache = path.includes(HASHED_ASSET) ? 'public, max-age=31536000, immutable' : 'no-cache';
      res.setHeader('cache-control', cache);
      // Caches must keep the brotli, gzip and plain answers apart.
      res.setHeader('vary', 'Accept-Encoding');
    },
  });
  // A route rather than a not-found handler: the root not-found handler (errors.ts) stays the
  // one JSON 404 of the app, and a plugin may not set a second one for the same prefix.
  app.get('/*', (request, reply) => {
    const path = request.url.split('?')[0];
    const wantsPage = !path.startsWith('/api/') && path !== '/api' && !path.split('/').pop()!.includes('.');
    if (!wantsPage) return reply.callNotFound();
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
