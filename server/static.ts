import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { US_STATES } from '../src/domain/states';

/**
 * Serves the built SPA, the states list, and index.html for every deep link
 * (`/customers/12`, `/estimates/5/detail`) so the browser router takes over.
 */
export async function serveSpa(app: FastifyInstance, { distDir }: { distDir?: string }): Promise<void> {
  app.get('/assets/states.json', async () => US_STATES);
  const indexFile = distDir ? join(distDir, 'index.html') : undefined;
  if (!distDir || !indexFile || !existsSync(indexFile)) return;
  await app.register(fastifyStatic, { root: distDir, wildcard: false, index: false });
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0];
    const wantsPage = request.method === 'GET' && !path.startsWith('/api') && !path.includes('.');
    if (wantsPage) return reply.type('text/html').header('cache-control', 'no-cache').sendFile('index.html');
    return reply.status(404).send({ message: `Not found: ${request.method} ${path}` });
  });
}
