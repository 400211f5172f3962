import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../errors';
import { XSRF_COOKIE, XSRF_HEADER } from '../../src/domain/apiContract';

export { XSRF_COOKIE, XSRF_HEADER };
export const XSRF_REFUSED = 'Missing or invalid anti-forgery token. Reload the page and try again.';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;

/**
 * Gives every client without one an anti-forgery cookie (pages and API responses alike):
 * readable by script so the SPA can echo it in X-XSRF-TOKEN, SameSite=Strict.
 * Registered at the root, after @fastify/cookie.
 */
export const xsrfPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', async (request, reply) => {
      if (TOKEN_PATTERN.test(request.cookies[XSRF_COOKIE] ?? '')) return;
      reply.setCookie(XSRF_COOKIE, randomBytes(32).toString('base64url'), {
        path: '/',
        sameSite: 'strict',
        httpOnly: false,
        secure: request.protocol === 'https',
      });
    });
  },
  { name: 'xsrf', dependencies: ['@fastify/cookie'] },
);

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Double-submit check for every non-GET API request, sign-in included: 403 when it fails. */
export function checkXsrf(request: FastifyRequest): void {
  if (SAFE_METHODS.has(request.method)) return;
  const cookie = request.cookies[XSRF_COOKIE];
  const header = request.headers[XSRF_HEADER];
  if (!cookie || !TOKEN_PATTERN.test(cookie) || typeof header !== 'string' || !sameText(cookie, header)) {
    throw new HttpError(403, XSRF_REFUSED);
  }
}
