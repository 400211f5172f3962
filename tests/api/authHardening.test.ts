import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { apiRoutes } from '../../server/auth/routeCatalog';
import { createTestApi, TEST_SECRET, TEST_USER, type TestApi } from '../helpers/testApi';
import { databaseKinds } from '../helpers/testDatabase';

/** What must never reach a client: SQL, driver text, stack frames, file paths. */
const LEAK =
  /\b(select|insert into|update \w+ set|delete from)\b|syntax error|relation "|violates|\bat \S+ \(|node_modules|\/work\/|\/home\/|\.ts:\d+|\.js:\d+/i;

const concrete = (url: string, value: string) => url.replace(/:[A-Za-z0-9_]+/g, value).replace(/\*/g, value);

function expectSecurityHeaders(headers: Record<string, unknown>, what: string) {
  expect(headers['cache-control'], what).toBe('no-store');
  const csp = String(headers['content-security-policy']);
  for (const directive of ["object-src 'none'", "base-uri 'self'", "frame-ancestors 'none'"]) expect(csp, what).toContain(directive);
  expect(headers['x-content-type-options'], what).toBe('nosniff');
  expect(headers['referrer-policy'], what).toBeTruthy();
  expect(headers['x-powered-by'], what).toBeUndefined();
}

describe.each(databaseKinds())('API hardening on %s', (kind) => {
  let api: TestApi;

  beforeAll(async () => {
    api = await createTestApi(kind);
  });
  afterAll(() => api?.close());

  it('sends no-store and the security headers on successes and errors alike', async () => {
    expectSecurityHeaders((await api.get('/api/users')).headers, 'GET /api/users');
    expectSecurityHeaders((await api.request('GET', '/api/users', undefined, null)).headers, '401');
    expectSecurityHeaders((await api.get('/api/no-such-thing')).headers, '404');
    expectSecurityHeaders((await api.request('POST', '/api/login', { username: 'x', password: 'y' }, null)).headers, 'login 401');
  });

  it('sets the anti-forgery cookie on SPA pages too', async () => {
    const distDir = mkdtempSync(join(tmpdir(), 'ys-dist-'));
    let app: FastifyInstance | undefined;
    try {
      writeFileSync(join(distDir, 'index.html'), '<!doctype html><title>Yardstick</title>');
      app = await buildApp({ database: api.database, jwtSecret: TEST_SECRET, distDir });
      for (const url of ['/', '/customers/12', '/estimates/5/detail']) {
        const res = await app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['content-type'], url).toMatch(/text\/html/);
        const cookie = [res.headers['set-cookie'] ?? []].flat().find((c) => c.startsWith('XSRF-TOKEN='));
        expect(cookie, url).toMatch(/^XSRF-TOKEN=[A-Za-z0-9_-]{32,};.*SameSite=Strict/);
      }
    } finally {
      await app?.close();
      rmSync(distDir, { recursive: true, force: true });
    }
  });

  it('answers odd input on every route with {message} and nothing from the inside', async () => {
    const routes = apiRoutes(api.app).filter((r) => r.method !== 'HEAD');
    const params = ['1', '99999999999999999999', "1' OR '1'='1", '-1', '%00'];
    const query = '?sortBy=1;DROP TABLE users&sortDirection=SIDEWAYS&limit=abc&offset=-5&filter:nope=%7Bbad';
    const bodies: unknown[] = [{}, { id: "' OR 1=1 --", name: { $gt: '' }, version: 'x' }, [1, 2, 3]];
    const problems: string[] = [];
    for (const route of routes) {
      for (const param of params) {
        for (const body of route.method === 'GET' ? [undefined] : bodies) {
          const url = `${concrete(route.url, encodeURIComponent(param))}${route.method === 'GET' ? query : ''}`;
          const res = await api.request(route.method as never, url, body);
          const where = `${route.method} ${url} → ${res.status}`;
          if (!route.public && (res.status === 401 || res.status === 403)) problems.push(`refused a valid session: ${where}`);
          if (LEAK.test(res.raw)) problems.push(`leaks: ${where} ${res.raw.slice(0, 200)}`);
          if (res.status >= 400) {
            const keys = res.body && typeof res.body === 'object' ? Object.keys(res.body) : [];
            if (!keys.includes('message') || keys.some((k) => k !== 'message' && k !== 'errors')) {
              problems.push(`error body not {message[, errors]}: ${where} ${res.raw.slice(0, 200)}`);
            }
          }
        }
      }
    }
    expect(routes.length).toBeGreaterThan(10);
    expect(problems).toEqual([]);
  });

  it('answers a malformed JSON body with a plain 400', async () => {
    const res = await api.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: '{"username": "tester", ',
      headers: {
        'content-type': 'application/json',
        cookie: 'XSRF-TOKEN=abcdefghijklmnopqrstuvwx',
        'x-xsrf-token': 'abcdefghijklmnopqrstuvwx',
      },
    });
    expect(res.statusCode).toBe(400);
    expect(JSON.parse(res.body)).toEqual({ message: expect.any(String) });
    expect(res.body).not.toMatch(LEAK);
  });

  // Last: it breaks the database under the app on purpose.
  it('answers a database failure with 500 {message: "Unexpected error"} and nothing more', async () => {
    await api.database.db.execute(sql`ALTER TABLE users RENAME TO users_gone`);
    try {
      const responses = [
        await api.get('/api/users'),
        await api.request('POST', '/api/login', { username: TEST_USER.username, password: TEST_USER.password }, null),
      ];
      for (const res of responses) {
        expect(res.status).toBe(500);
        expect(res.body).toEqual({ message: 'Unexpected error' });
        expect(res.raw).not.toMatch(LEAK);
        expect(res.raw).not.toMatch(/users/);
      }
    } finally {
      await api.database.db.execute(sql`ALTER TABLE users_gone RENAME TO users`);
    }
  });
});
