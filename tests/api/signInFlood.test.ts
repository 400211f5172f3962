import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_BUSY, SERVER_BUSY } from '../../server/auth/passwordWorkGate';
import { createTestApi, TEST_USER, TEST_XSRF, type TestApi } from '../helpers/testApi';
import { databaseKinds } from '../helpers/testDatabase';

const FLOOD = 200;
/** Connections of one flooding client, as the probe used. */
const ONE_CLIENT_FLOOD = 64;
const ROUNDS = 20;

describe.each(databaseKinds())('a flood of sign-ins on %s', (kind) => {
  let api: TestApi;

  beforeAll(async () => {
    api = await createTestApi(kind);
  });
  afterAll(() => api?.close());

  /** A sign-in from a client address named by the trusted (loopback) proxy. */
  const signInFrom = async (address: string, username: string, password: string) => {
    const res = await api.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username, password },
      headers: { cookie: `XSRF-TOKEN=${TEST_XSRF}`, 'x-xsrf-token': TEST_XSRF, 'x-forwarded-for': address },
    });
    return { status: res.statusCode, headers: res.headers, body: res.json() };
  };

  it(`answers 503 beyond the password queue, and a list page stays fast during ${FLOOD} sign-ins from many addresses`, async () => {
    const quietStarted = performance.now();
    expect((await api.get('/api/customers?limit=20&sortBy=customer_name&sortDirection=ASC')).status).toBe(200);
    const quietMs = performance.now() - quietStarted;
    const flood = Array.from({ length: FLOOD }, (_, i) => signInFrom(`10.1.${i}.1`, `flood-${i}`, 'wrong password'));
    const listStarted = performance.now();
    const list = await api.get('/api/customers?limit=20&sortBy=customer_name&sortDirection=ASC');
    const listMs = performance.now() - listStarted;
    const answers = await Promise.all(flood);

    expect(list.status).toBe(200);
    // Measured here: ~150 ms with the gate; ~370–730 ms with every sign-in let through at once.
    // The bound leaves room for a busy CI machine; the 503s below prove the gate itself.
    console.info(`${kind}: a list page in ${Math.round(listMs)} ms during the flood, ${Math.round(quietMs)} ms before it`);
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

  it(`lets another address sign in within 2 s, ${ROUNDS} times out of ${ROUNDS}, while one client floods with ${ONE_CLIENT_FLOOD} sign-ins`, async () => {
    const waits: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      // Unknown usernames (a real hash each) and the right password of a real account, mixed.
      const flood = Array.from({ length: ONE_CLIENT_FLOOD }, (_, i) =>
        i % 8 === 0
          ? signInFrom('198.51.100.66', TEST_USER.username, TEST_USER.password)
          : signInFrom('198.51.100.66', `flooder-${round}-${i}`, 'wrong password'),
      );
      const started = performance.now();
      const mine = await signInFrom('203.0.113.10', TEST_USER.username, TEST_USER.password);
      waits.push(performance.now() - started);
      expect(mine.status).toBe(200);
      const answers = await Promise.all(flood);
      const statuses = answers.map((a) => a.status);
      expect(statuses.filter((s) => s !== 200 && s !== 401 && s !== 429)).toEqual([]);
      // The flooder holds one check and queues two: the rest are its own 429s. The account's
      // own password from there, once it has signed in from there, is a trusted sign-in with a
      // lane of its own (one running, two waiting).
      expect(statuses.filter((s) => s !== 429).length).toBeLessThanOrEqual(6);
      for (const refused of answers.filter((a) => a.status === 429)) {
        expect(refused.body).toEqual({ message: CLIENT_BUSY });
        expect(refused.headers['retry-after']).toBe('1');
      }
    }
    console.info(`${kind}: the other address signed in within ${Math.round(Math.max(...waits))} ms at the slowest (limit 2000)`);
    expect(waits.filter((ms) => ms >= 2000)).toEqual([]);
  });

  it('admits the owner, at a place they signed in from before, 20 times out of 20 within 5 s while 11 addresses and an IPv6 /64 flood', async () => {
    const OWNER_PLACE = '192.0.2.44';
    expect((await signInFrom(OWNER_PLACE, TEST_USER.username, TEST_USER.password)).status).toBe(200);
    const floodingAddresses = Array.from({ length: 11 }, (_, i) => `198.51.100.${i + 1}`);
    const waits: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const flood = [
        ...floodingAddresses.flatMap((address, a) =>
          Array.from({ length: 8 }, (_, i) => signInFrom(address, `intruder-${round}-${a}-${i}`, 'guess')),
        ),
        // One subscriber's /64, from a different address each time: one client.
        ...Array.from({ length: 24 }, (_, i) => signInFrom(`2001:db8:77:${round}::${i + 1}`, TEST_USER.username, 'guess')),
      ];
      const started = performance.now();
      const owner = await signInFrom(OWNER_PLACE, TEST_USER.username, TEST_USER.password);
      waits.push(performance.now() - started);
      expect(owner.status, JSON.stringify(owner.body)).toBe(200);
      const answers = await Promise.all(flood);
      expect(answers.map((a) => a.status).filter((s) => ![401, 429, 503].includes(s))).toEqual([]);
      // The /64 is one client: one check running and two waiting at most; the rest refused.
      expect(answers.slice(-24).filter((a) => a.status === 401).length).toBeLessThanOrEqual(3);
    }
    console.info(`${kind}: the owner signed in within ${Math.round(Math.max(...waits))} ms at the slowest of ${ROUNDS} (limit 5000)`);
    expect(waits.filter((ms) => ms >= 5000)).toEqual([]);
  });
});
