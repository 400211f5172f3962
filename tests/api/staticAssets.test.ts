import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { precompressDirectory } from '../../scripts/precompress';
import { openTestDatabase, type TestDatabase } from '../helpers/testDatabase';
import { TEST_SECRET } from '../helpers/testApi';

describe('the built SPA, served precompressed', () => {
  const distDir = mkdtempSync(join(tmpdir(), 'yardstick-dist-'));
  const script = `console.log(${JSON.stringify('a landscaping office '.repeat(400))});\n`;
  const page = `<!doctype html><html><head><title>Yardstick</title></head><body>${'<div id="root"></div>'.repeat(80)}</body></html>`;
  let database: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    mkdirSync(join(distDir, 'assets'));
    writeFileSync(join(distDir, 'assets', 'index-Bx12ab.js'), script);
    writeFileSync(join(distDir, 'index.html'), page);
    writeFileSync(join(distDir, 'assets', 'tiny-Cd34.js'), 'export{};');
    const totals = precompressDirectory(distDir);
    expect(totals.files).toBe(2);
    expect(totals.brotli).toBeLessThan(totals.raw / 5);
    database = await openTestDatabase('pglite');
    app = await buildApp({ database, jwtSecret: TEST_SECRET, distDir });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
    rmSync(distDir, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) =>
    app.inject({ method: 'GET', url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

  it('sends the brotli file to a browser that accepts it, cached for good', async () => {
    const res = await get('/assets/index-Bx12ab.js', 'gzip, deflate, br, zstd');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.rawPayload.equals(readFileSync(join(distDir, 'assets', 'index-Bx12ab.js.br')))).toBe(true);
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(script);
  });

  it('falls back to gzip, then to the file itself', async () => {
    const gzip = await get('/assets/index-Bx12ab.js', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(script);
    const plain = await get('/assets/index-Bx12ab.js', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    const none = await get('/assets/index-Bx12ab.js');
    expect(none.body).toBe(script);
  });

  it('sends a file too small to compress as it is', async () => {
    const res = await get('/assets/tiny-Cd34.js', 'br, gzip');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe('export{};');
  });

  it('serves index.html for deep links, compressed and never cached stale', async () => {
    for (const url of ['/', '/customers/12', '/estimates/5/detail']) {
      const res = await get(url, 'br');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      const body = res.headers['content-encoding'] === 'br' ? brotliDecompressSync(res.rawPayload).toString() : res.body;
      expect(body, url).toBe(page);
    }
    expect((await get('/customers/12', 'br')).headers['content-encoding']).toBe('br');
  });
});
