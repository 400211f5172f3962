import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { CLIENT_PAGE_CSP } from '../../server/clientPage';
import { openTestDatabase, type TestDatabase } from '../helpers/testDatabase';
import { TEST_SECRET } from '../helpers/testApi';
import { inlineCode } from '../helpers/pageMarkup';

const clientHtml = `<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>Your proposal</title>
<script type="module" crossorigin src="/assets/client-Ab12.js"></script>
<link rel="stylesheet" crossorigin href="/assets/client-Cd34.css"></head>
<body><main id="app" class="page"><p>Loading your proposal…</p></main></body></html>`;
const officeHtml = '<!doctype html><html><head><title>Yardstick</title></head><body><div id="root"></div></body></html>';

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name, values]),
  );
}

describe("the client's proposal page at /p/:token", () => {
  const distDir = mkdtempSync(join(tmpdir(), 'yardstick-client-page-'));
  let database: TestDatabase;
  let app: FastifyInstance;
  let bare: FastifyInstance;

  beforeAll(async () => {
    mkdirSync(join(distDir, 'client'), { recursive: true });
    writeFileSync(join(distDir, 'index.html'), officeHtml);
    writeFileSync(join(distDir, 'client', 'index.html'), clientHtml);
    database = await openTestDatabase('pglite');
    app = await buildApp({ database, jwtSecret: TEST_SECRET, distDir });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await bare?.close();
    await database?.drop();
    rmSync(distDir, { recursive: true, force: true });
  });

  it('serves the client page, not the office app, for any token', async () => {
    for (const token of ['abc', 'kS3v9x_Q-0aZ81mNpQrT4uVwXyZ012345', 'not-a-real-token']) {
      const res = await app.inject({ method: 'GET', url: `/p/${token}` });
      expect(res.statusCode, token).toBe(200);
      expect(res.headers['content-type'], token).toMatch(/^text\/html/);
      expect(res.body, token).toBe(clientHtml);
    }
  });

  it('keeps a strict Content-Security-Policy: scripts and styles from this server only, nothing inline', async () => {
    const res = await app.inject({ method: 'GET', url: '/p/abc' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toBe(CLIENT_PAGE_CSP);
    const policy = directives(csp);
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('style-src')).toEqual(["'self'"]);
    expect(policy.get('connect-src')).toEqual(["'self'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    for (const [name, values] of policy) {
      expect(
        values.filter((value) => /^(https?:|\*|'unsafe-eval')/.test(value)),
        name,
      ).toEqual([]);
      if (name !== 'style-src-attr') expect(values, name).not.toContain("'unsafe-inline'");
    }
    expect(inlineCode(res.body)).toEqual([]);
  });

  it('never leaks the token: no referrer, not cached, not indexed; sets the anti-forgery cookie', async () => {
    const res = await app.inject({ method: 'GET', url: '/p/abc' });
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-robots-tag']).toMatch(/noindex/);
    expect(String(res.headers['set-cookie'])).toMatch(/^XSRF-TOKEN=[A-Za-z0-9_-]+;.*SameSite=Strict/i);
  });

  it('leaves the office app as it was', async () => {
    const res = await app.inject({ method: 'GET', url: '/customers/12' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(officeHtml);
    expect(res.headers['referrer-policy']).toBe('same-origin');
    expect(String(res.headers['content-security-policy'])).toMatch(/script-src 'self'/);
    // A longer path under /p is no proposal link: the office app's catch-all answers it.
    expect((await app.inject({ method: 'GET', url: '/p/abc/def' })).body).toBe(officeHtml);
  });

  it('opens with a trailing slash too, as a link copied by hand or by a mail program may have it', async () => {
    const res = await app.inject({ method: 'GET', url: '/p/abc/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toBe(officeHtml);
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  });

  it('answers a malformed link with a page of its own (lang, title), and the API with its {message}', async () => {
    for (const url of ['/p/%%%', '/p/abc?x=%E0%A4%A', '/p/abc?%3Cb%3E=%E0', '/customers/%E0%A4%A']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.body, url).toMatch(/^<!doctype html>\n<html lang="en">/);
      expect(res.body, url).toMatch(/<title>[^<]+<\/title>/);
      expect(res.body, url).not.toMatch(/<b>/);
      expect(inlineCode(res.body), url).toEqual([]);
    }
    const api = await app.inject({ method: 'GET', url: '/api/customers/%%%' });
    expect(api.statusCode).toBe(400);
    expect(api.json()).toEqual({ message: expect.stringMatching(/malformed/) });
  });

  it('is absent (the office app answers) when the build has no client page', async () => {
    const officeOnly = mkdtempSync(join(tmpdir(), 'yardstick-office-only-'));
    writeFileSync(join(officeOnly, 'index.html'), officeHtml);
    try {
      bare = await buildApp({ database, jwtSecret: TEST_SECRET, distDir: officeOnly });
      const res = await bare.inject({ method: 'GET', url: '/p/abc' });
      expect(res.body).toBe(officeHtml);
    } finally {
      rmSync(officeOnly, { recursive: true, force: true });
    }
  });
});
