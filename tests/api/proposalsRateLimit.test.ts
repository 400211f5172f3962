import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEstimate, saveCompany } from '../helpers/printFixtures';
import { createTestApi, type TestApi } from '../helpers/testApi';
import { databaseKinds } from '../helpers/testDatabase';
import { sendBody } from '../helpers/proposalFixtures';

describe.each(databaseKinds())('public proposal routes are rate-limited per address on %s', (kind) => {
  let api: TestApi;
  let token: string;
  const LIMIT = 4;

  beforeAll(async () => {
    api = await createTestApi(kind, { publicRateLimit: { max: LIMIT, windowMs: 60_000 } });
    await saveCompany(api);
    const estimate = await createEstimate(api, {
      projectName: 'Limits',
      areas: [{ name: 'Lawn', items: [{ name: 'Mow', quantity: 1, unitPrice: 50 }] }],
    });
    const sent = await api.post(`/api/estimates/${estimate.id}/proposals`, sendBody(api));
    token = sent.body.link.split('/p/')[1];
  });
  afterAll(() => api?.close());

  const fromAddress = (address: string, url: string) => api.app.inject({ method: 'GET', url, remoteAddress: address });

  it('answers 429 with Retry-After past the limit, counts wrong tokens too, other addresses unaffected, open again next window', async () => {
    // Start at the beginning of a window so the test cannot straddle two.
    api.clock.now = Math.ceil(api.clock.now / 60_000) * 60_000 + 1_000;
    const urls = [
      `/api/public/proposals/${token}`,
      `/api/public/proposals/${'Z'.repeat(43)}`,
      `/api/public/proposals/${token}/pdf`,
      '/api/public/proposals/nope',
    ];
    for (const url of urls) expect((await fromAddress('10.0.0.7', url)).statusCode).not.toBe(429);
    const refused = await fromAddress('10.0.0.7', `/api/public/proposals/${token}`);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(JSON.parse(refused.body).message).toMatch(/Too many requests/);
    const post = await api.app.inject({
      method: 'POST',
      url: `/api/public/proposals/${token}/decline`,
      remoteAddress: '10.0.0.7',
      headers: { cookie: 'XSRF-TOKEN=test-xsrf-token-value', 'x-xsrf-token': 'test-xsrf-token-value' },
      payload: { reason: 'spam' },
    });
    expect(post.statusCode).toBe(429);
    expect((await fromAddress('10.0.0.8', `/api/public/proposals/${token}`)).statusCode).toBe(200);
    // The office's own routes are not limited this way.
    expect((await api.get('/api/proposals/awaiting')).status).toBe(200);
    api.clock.now += 60_000;
    expect((await fromAddress('10.0.0.7', `/api/public/proposals/${token}`)).statusCode).toBe(200);
    // The refused decline wrote nothing.
    expect((await fromAddress('10.0.0.9', `/api/public/proposals/${token}`)).json().status).toBe('viewed');
  });

  it('counts an IPv6 client by its /64: a fresh address of the same network is the same client (issue 35)', async () => {
    api.clock.now = Math.ceil(api.clock.now / 60_000) * 60_000 + 1_000;
    for (let i = 1; i <= LIMIT; i += 1) {
      expect((await fromAddress(`2001:db8:5:6::${i}`, `/api/public/proposals/${token}`)).statusCode).not.toBe(429);
    }
    expect((await fromAddress('2001:db8:5:6:ffff:1:2:3', `/api/public/proposals/${token}`)).statusCode).toBe(429);
    // The next /64 is another subscriber.
    expect((await fromAddress('2001:db8:5:7::1', `/api/public/proposals/${token}`)).statusCode).toBe(200);
  });
});
