import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_BUSY } from '../../server/auth/passwordWorkGate';
import { createTestApi, type TestApi } from '../helpers/testApi';
import { databaseKinds } from '../helpers/testDatabase';

const FLOOD = 200;

describe.each(databaseKinds())('a flood of sign-ins on %s', (kind) => {
  let api: TestApi;

  beforeAll(async () => {
    api = await createTestApi(kind);
  });
  afterAll(() => api?.close());

  it(`answers 503 beyond the password queue, and a list page stays fast during ${FLOOD} sign-ins`, async () => {
    const quietStarted = performance.now();
    expect((await api.get('/api/customers?limit=20&sortBy=customer_name&sortDirection=ASC')).status).toBe(200);
    const quietMs = performance.now() - quietStarted;
    const flood = Array.from({ length: FLOOD }, (_, i) =>
      api.request('POST', '/api/login', { username: `flood-${i}`, password: 'wrong password' }, null),
    );
    const listStarted = performance.now();
    const list = await api.get('/api/customers?limit=20&sortBy=customer_name&sortDirection=ASC');
    const listMs = performance.now() - listStarted;
    const answers = await Promise.all(flood);

    expect(list.status).toBe(200);
    // Measured here: ~150 ms with the gate; ~370–730 ms with every sign-in let through at once.
    // The bound leaves room for a busy CI machine; the 503s below prove the gate itself.
    expect(listMs).toBeLessThan(Math.max(1000, quietMs * 5));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s !== 401 && s !== 503)).toEqual([]);
    const busy = answers.filter((a) => a.status === 503);
    expect(busy.length).toBeGreaterThan(FLOOD / 2);
    for (const answer of busy) {
      expect(answer.body).toEqual({ message: SERVER_BUSY });
      expect(answer.headers['retry-after']).toBe('1');
    }
    // Once the flood is over, sign-in works as before.
    expect((await api.request('POST', '/api/login', { username: 'tester', password: 'correct horse 1' }, null)).status).toBe(200);
  });
});
