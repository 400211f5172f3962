import { readFileSync } from 'node:fs';
import { crc32 } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGO_MAX_BYTES, logoMessages } from '../../src/domain/companyLogo';
import { companyProfileMessages } from '../../src/schema/companyProfile';
import { FIXTURE_COMPANY, createEstimate } from '../helpers/printFixtures';
import { getBinary } from '../helpers/pdfText';
import { referencePng } from '../helpers/pngFixtures';
import { bombPng, jpegDeclaring } from '../helpers/imageBombs';
import { decodePng } from '../../server/company/pngCodec';
import { createTestApi, TEST_XSRF, type TestApi } from '../helpers/testApi';
import { databaseKinds } from '../helpers/testDatabase';

const PNG = readFileSync(new URL('../../server/db/seed/data/demo-logo.png', import.meta.url));
const JPEG = readFileSync(new URL('../fixtures/logo.jpg', import.meta.url));

describe.each(databaseKinds())('company profile API on %s', (kind) => {
  let api: TestApi;

  async function putLogo(body: Buffer | string, contentType?: string, token: string | null = api.token) {
    const headers: Record<string, string> = { cookie: `XSRF-TOKEN=${TEST_XSRF}`, 'x-xsrf-token': TEST_XSRF };
    if (contentType) headers['content-type'] = contentType;
    if (token) headers.authorization = `Bearer ${token}`;
    const res = await api.app.inject({ method: 'PUT', url: '/api/company/logo', payload: body, headers });
    return { status: res.statusCode, body: res.body ? JSON.parse(res.body) : undefined };
  }

  beforeAll(async () => {
    api = await createTestApi(kind);
  });
  afterAll(() => api?.close());

  it('reads blank at version 0 before the first save, and has no logo', async () => {
    const res = await api.get('/api/company');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: 1, version: 0, name: null, address1: null, email: null, logo: null });
    const logo = await getBinary(api, '/api/company/logo');
    expect(logo.status).toBe(404);
    expect(logo.json).toEqual({ message: 'The company has no logo.' });
  });

  it('refuses a logo before the profile is saved', async () => {
    const res = await putLogo(PNG, 'image/png');
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Save the company profile before adding its logo.');
  });

  it('validates every field with its message and stores nothing', async () => {
    const res = await api.put('/api/company', {
      version: 0,
      name: ' ',
      address1: '',
      city: 'x'.repeat(151),
      state: 'SAS',
      zip: '1'.repeat(16),
      phone: '555-0142',
      email: 'office at greenfield',
      website: 'not a website',
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      message: 'Form is invalid.',
      errors: {
        name: 'Company Name is required.',
        address1: 'Address 1 is required.',
        city: 'City cannot exceed 150 characters.',
        state: 'State is required.',
        zip: 'Zip cannot exceed 15 characters.',
        phone: companyProfileMessages.phone,
        email: companyProfileMessages.email,
        website: companyProfileMessages.website,
      },
    });
    const hostile = await api.put('/api/company', {
      ...FIXTURE_COMPANY,
      version: 0,
      name: 'Green\u0000field',
      state: 'ZZ',
      email: ['a@b.co'],
    });
    expect(hostile.status).toBe(400);
    expect(hostile.body.errors).toEqual({ name: 'Company Name is invalid.', state: 'State is invalid.', email: 'Email is invalid.' });
    expect((await api.get('/api/company')).body.version).toBe(0);
  });

  it('needs the version it was read at: missing → 400, stale → 409', async () => {
    const missing = await api.put('/api/company', FIXTURE_COMPANY);
    expect(missing.status).toBe(400);
    expect(missing.body.message).toMatch(/version/);
    expect((await api.put('/api/company', { ...FIXTURE_COMPANY, version: 'one' })).status).toBe(400);
    expect((await api.put('/api/company', { ...FIXTURE_COMPANY, version: 3 })).status).toBe(409);
    expect((await api.put('/api/company', [FIXTURE_COMPANY])).status).toBe(400);

    const first = await api.put('/api/company', { ...FIXTURE_COMPANY, version: 0 });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ ...FIXTURE_COMPANY, id: 1, version: 1, logo: null });
    const again = await api.put('/api/company', { ...FIXTURE_COMPANY, version: 0 });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(
      'This company profile was changed by someone else since you opened it. Reload it to see their changes.',
    );

    const second = await api.put('/api/company', { ...FIXTURE_COMPANY, website: 'https://greenfield.example/about', version: 1 });
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ website: 'https://greenfield.example/about', version: 2 });
    const stale = await api.put('/api/company', { ...FIXTURE_COMPANY, name: 'Lost update', version: 1 });
    expect(stale.status).toBe(409);
    expect((await api.get('/api/company')).body).toMatchObject({ name: FIXTURE_COMPANY.name, version: 2 });
  });

  it('takes a PNG or a JPEG by content, serves it back with its type, and replaces it', async () => {
    const png = await putLogo(PNG, 'image/png');
    expect(png.status).toBe(200);
    expect(png.body).toMatchObject({ contentType: 'image/png' });
    let served = await getBinary(api, '/api/company/logo');
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.bytes.length).toBe(png.body.size);
    // Stored as printed: the same picture, flattened onto white.
    const stored = decodePng(served.bytes, 1e6);
    expect([stored.width, stored.height]).toEqual([247, 260]);
    expect([...stored.data.subarray(0, 4)]).toEqual([255, 255, 255, 255]);

    // The declared type does not matter; the bytes do.
    const jpeg = await putLogo(JPEG, 'application/octet-stream');
    expect(jpeg.status).toBe(200);
    expect(jpeg.body).toMatchObject({ contentType: 'image/jpeg', size: JPEG.length });
    served = await getBinary(api, '/api/company/logo');
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.bytes.equals(JPEG)).toBe(true);
    expect((await api.get('/api/company')).body.logo).toMatchObject({ contentType: 'image/jpeg', size: JPEG.length });
  });

  it('flattens a large transparent PNG onto white and scales it to 600 pixels, once, at upload', async () => {
    const large = referencePng({
      width: 2400,
      height: 1200,
      colorType: 6,
      depth: 8,
      pixel: (x) => (x < 1200 ? [46, 107, 63, 255] : [0, 0, 0, 0]),
    });
    expect(large.length).toBeLessThan(LOGO_MAX_BYTES);
    const res = await putLogo(large, 'image/png');
    expect(res.status).toBe(200);
    const stored = decodePng((await getBinary(api, '/api/company/logo')).bytes, 1e6);
    expect([stored.width, stored.height]).toEqual([600, 300]);
    expect([...stored.data.subarray(0, 4)]).toEqual([46, 107, 63, 255]);
    expect([...stored.data.subarray(599 * 4, 600 * 4)]).toEqual([255, 255, 255, 255]);

    // A tiny file claiming 5000 × 4000 pixels: refused before anything is inflated.
    const tooMany = referencePng({ width: 1, height: 1, colorType: 0, depth: 1, pixel: () => [0] });
    tooMany.writeUInt32BE(5000, 16);
    tooMany.writeUInt32BE(4000, 20);
    tooMany.writeUInt32BE(crc32(tooMany.subarray(12, 29)), 29);
    const refused = await putLogo(tooMany, 'image/png');
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(logoMessages.tooManyPixels);
  });

  it('refuses a renamed text file, a damaged image, an empty body, JSON, and anything over 1 MB', async () => {
    const refusals: [Buffer | string, string | undefined, string][] = [
      [Buffer.from('Just some notes, not a picture.\n'), 'image/png', logoMessages.wrongType],
      [Buffer.from('GIF89a\x01\x00\x01\x00'), 'image/gif', logoMessages.wrongType],
      ['{"logo":"data:image/png;base64,AAAA"}', 'application/json', logoMessages.wrongType],
      ['plain words', 'text/plain', logoMessages.wrongType],
      [Buffer.concat([PNG.subarray(0, 8), Buffer.from('garbage after a PNG signature')]), 'image/png', logoMessages.unreadable],
      [Buffer.concat([JPEG.subarray(0, 3), Buffer.alloc(64, 7)]), 'image/jpeg', logoMessages.unreadable],
      [Buffer.alloc(0), 'image/png', logoMessages.missing],
      [Buffer.concat([PNG, Buffer.alloc(LOGO_MAX_BYTES + 1 - PNG.length)]), 'image/png', logoMessages.tooLarge],
    ];
    const before = (await getBinary(api, '/api/company/logo')).bytes;
    for (const [body, type, message] of refusals) {
      const res = await putLogo(body, type);
      expect(res.status, message).toBe(400);
      expect(res.body).toEqual({ message, errors: { logo: message } });
    }
    // The logo stored before is still there.
    expect((await getBinary(api, '/api/company/logo')).bytes.equals(before)).toBe(true);
  });

  it('refuses a PNG bomb, an oversized JPEG and a truncated JPEG, keeping the logo stored before', async () => {
    const before = (await getBinary(api, '/api/company/logo')).bytes;
    // ~125 KB that would inflate to 128 MB (4000 × 4000 at 16-bit RGBA): refused from its header.
    const bomb = bombPng();
    expect(bomb.length).toBeLessThan(200_000);
    const refusals: [Buffer, string, string][] = [
      [bomb, 'image/png', logoMessages.tooMuchImageData],
      [jpegDeclaring(JPEG, 65_500, 65_500), 'image/jpeg', logoMessages.tooManyPixels],
      [JPEG.subarray(0, Math.floor(JPEG.length * 0.7)), 'image/jpeg', logoMessages.unreadable],
      [JPEG.subarray(0, JPEG.length - 2), 'image/jpeg', logoMessages.unreadable],
    ];
    for (const [body, type, message] of refusals) {
      const res = await putLogo(body, type);
      expect(res.status, message).toBe(400);
      expect(res.body).toEqual({ message, errors: { logo: message } });
    }
    expect((await getBinary(api, '/api/company/logo')).bytes.equals(before)).toBe(true);
  });

  it('keeps a logo of exactly 1 MB', async () => {
    // A JPEG is kept as it came (data after its end marker is ignored by readers).
    const padded = Buffer.concat([JPEG, Buffer.alloc(LOGO_MAX_BYTES - JPEG.length)]);
    const res = await putLogo(padded, 'image/jpeg');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ contentType: 'image/jpeg', size: LOGO_MAX_BYTES });
    expect((await putLogo(PNG, 'image/png')).status).toBe(200);
  });

  it('prints the profile and its logo at the top of every proposal', async () => {
    const estimate = await createEstimate(api, { projectName: 'Letterhead check', areas: [{ name: 'Lawn', items: [] }] });
    const res = await getBinary(api, `/api/estimates/${estimate.id}/generateEstimateProposal`);
    expect(res.status).toBe(200);
    const pdf = res.bytes.toString('latin1');
    expect(pdf).toMatch(/\/Subtype \/Image/);
    const without = await api.del('/api/company/logo');
    expect(without.status).toBe(204);
    expect((await getBinary(api, '/api/company/logo')).status).toBe(404);
    expect((await api.del('/api/company/logo')).status).toBe(204);
    const plain = await getBinary(api, `/api/estimates/${estimate.id}/generateEstimateProposal`);
    expect(plain.bytes.toString('latin1')).not.toMatch(/\/Subtype \/Image/);
  });

  it('needs a signed-in user and the anti-forgery header', async () => {
    expect((await api.request('GET', '/api/company', undefined, null)).status).toBe(401);
    expect((await api.request('PUT', '/api/company', { ...FIXTURE_COMPANY, version: 2 }, null)).status).toBe(401);
    expect((await getBinary(api, '/api/company/logo', null)).status).toBe(401);
    expect((await putLogo(PNG, 'image/png', null)).status).toBe(401);
    expect((await api.request('DELETE', '/api/company/logo', undefined, null)).status).toBe(401);
    const noXsrf = await api.app.inject({
      method: 'PUT',
      url: '/api/company/logo',
      payload: PNG,
      headers: { 'content-type': 'image/png', authorization: `Bearer ${api.token}` },
    });
    expect(noXsrf.statusCode).toBe(403);
  });
});
