/**
 * JSON responses of 1 KB and more go out compressed as the client's Accept-Encoding says
 * (brotli or gzip), smaller ones and clients that ask for nothing get plain JSON; PDFs still
 * download (server/app.ts RESPONSE_COMPRESSION).
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { buildApp } from '../../server/app';
import { precompressDirectory } from '../../scripts/precompress';
import { openTestDatabase } from '../helpers/testDatabase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEstimate } from '../helpers/printFixtures';
import { createTestApi, TEST_SECRET, TEST_XSRF, type TestApi } from '../helpers/testApi';

describe('compressed JSON responses', () => {
  let api: TestApi;
  let estimateID: number;

  beforeAll(async () => {
    api = await createTestApi('pglite');
    for (let i = 0; i < 30; i++) {
      const res = await api.post('/api/customers', {
        name: `Compressible Customer ${i}`,
        address1: `${i} Long Meadow Road`,
        city: 'Cherry Hill',
        state: 'NJ',
        zip: '08002',
        type: 1,
      });
      expect(res.status).toBe(201);
    }
    estimateID = (
      await createEstimate(api, {
        projectName: 'Spring cleanup',
        areas: [{ name: 'Lawn', tax: 'NJ', items: [{ name: 'Mowing', quantity: 3, unitPrice: 60 }] }],
      })
    ).id;
  });
  afterAll(() => api?.close());

  const get = (url: string, acceptEncoding?: string) =>
    api.app.inject({
      method: 'GET',
      url,
      headers: {
        authorization: `Bearer ${api.token}`,
        cookie: `XSRF-TOKEN=${TEST_XSRF}`,
        ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }),
      },
    });

  it('sends a large list as brotli or gzip, decoding to the same JSON', async () => {
    const plain = await get('/api/customers?limit=null');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    const json = plain.json();
    expect(json.count).toBeGreaterThanOrEqual(30);

    const br = await get('/api/customers?limit=null', 'br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(json);

    const gzip = await get('/api/customers?limit=null', 'gzip, deflate');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString('utf8'))).toEqual(json);

    // A browser's usual header prefers brotli.
    expect((await get('/api/customers?limit=null', 'gzip, deflate, br, zstd')).headers['content-encoding']).toBe('br');
  });

  it('sends a body under 1 KB as it is', async () => {
    const small = await get('/api/customers?limit=1', 'br, gzip');
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json().customers).toHaveLength(1);
  });

  it('sends plain JSON without Accept-Encoding, or when the client asks for identity', async () => {
    for (const encoding of [undefined, 'identity']) {
      const res = await get('/api/customers?limit=null', encoding);
      expect(res.headers['content-encoding'], encoding).toBeUndefined();
      expect(res.json().count).toBeGreaterThanOrEqual(30);
    }
  });

  it('compresses the states list too', async () => {
    const res = await get('/assets/states.json', 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(res.rawPayload).toString('utf8'))).toEqual((await get('/assets/states.json')).json());
  });

  it('a PDF still downloads as a PDF, uncompressed', async () => {
    const res = await get(`/api/estimates/${estimateID}/generateEstimateProposal`, 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/pdf/);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('the operations XLSX still downloads as it is', async () => {
    const res = await get('/api/operations/download', 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/spreadsheetml/);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.rawPayload.subarray(0, 2).toString('latin1')).toBe('PK');
  });
});

describe('the SPA files are never compressed per request', () => {
  it('sends a precompressed asset as its .br file, and a file without one as it is', async () => {
    const distDir = mkdtempSync(join(tmpdir(), 'yardstick-dist-'));
    const script = `console.log(${JSON.stringify('a landscaping office '.repeat(400))});\n`;
    mkdirSync(join(distDir, 'assets'));
    writeFileSync(join(distDir, 'assets', 'index-Ab12.js'), script);
    writeFileSync(join(distDir, 'index.html'), `<!doctype html><title>Yardstick</title>${'<div></div>'.repeat(200)}`);
    precompressDirectory(distDir);
    // Written after the build's compression: no .br or .gz beside it.
    const late = 'x'.repeat(4000);
    writeFileSync(join(distDir, 'assets', 'late.txt'), late);
    const database = await openTestDatabase('pglite');
    const app = await buildApp({ database, jwtSecret: TEST_SECRET, distDir });
    try {
      const br = await app.inject({ method: 'GET', url: '/assets/index-Ab12.js', headers: { 'accept-encoding': 'br' } });
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.rawPayload.equals(readFileSync(join(distDir, 'assets', 'index-Ab12.js.br')))).toBe(true);
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
      const plain = await app.inject({ method: 'GET', url: '/assets/late.txt', headers: { 'accept-encoding': 'br, gzip' } });
      expect(plain.statusCode).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(late);
    } finally {
      await app.close();
      await database.drop();
      rmSync(distDir, { recursive: true, force: true });
    }
  });
});
