import { and, count, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginFailures } from '../../server/db/tables/users';
import { FAILURE_WINDOW_MS, MAX_ACCOUNT_FAILURES, MAX_FAILURES } from '../../server/auth/throttle';
import { createUser } from '../../server/auth/users';
import { DEVICE_COOKIE_PATH } from '../../server/auth/deviceCookie';
import { createTestApi, TEST_XSRF, type TestApi } from '../helpers/testApi';
import { databaseKinds } from '../helpers/testDatabase';

describe.each(databaseKinds())('sign-in throttling on %s', (kind) => {
  let api: TestApi;

  beforeAll(async () => {
    api = await createTestApi(kind);
  });
  afterAll(() => api?.close());

  const attempt = (username: string, password: string) => api.request('POST', '/api/login', { username, password }, null);
  /** A sign-in from a given client address (and optional extra headers, e.g. X-Forwarded-For). */
  const attemptFrom = async (remoteAddress: string, username: string, password: string, headers: Record<string, string> = {}) => {
    const res = await api.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username, password },
      remoteAddress,
      headers: { cookie: `XSRF-TOKEN=${TEST_XSRF}`, 'x-xsrf-token': TEST_XSRF, ...headers },
    });
    return { status: res.statusCode, headers: res.headers, body: res.json() };
  };
  const failuresOf = async (username: string) =>
    Number((await api.database.db.select({ n: count() }).from(loginFailures).where(eq(loginFailures.username, username)))[0].n);

  it(`refuses the right password with 429 and Retry-After after ${MAX_FAILURES} failures, until the window passes`, async () => {
    await createUser(api.database.db, { username: 'guessed', firstName: 'G', lastName: 'G', password: 'the real one' });
    await createUser(api.database.db, { username: 'bystander', firstName: 'B', lastName: 'B', password: 'bystander pw' });
    const start = api.clock.now;
    try {
      for (let i = 0; i < MAX_FAILURES; i++) {
        api.clock.now = start + i * 1000;
        expect((await attempt('guessed', `guess ${i}`)).status).toBe(401);
      }
      const refused = await attempt('guessed', 'the real one');
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({ message: expect.any(String) });
      // The first failure leaves the window 15 minutes after it happened.
      const wait = Number(refused.headers['retry-after']);
      expect(wait).toBe((FAILURE_WINDOW_MS - (MAX_FAILURES - 1) * 1000) / 1000);
      expect(refused.body.message).toBe('Too many failed sign-in attempts. Try again in 15 minutes.');
      expect((await attempt('GUESSED', 'the real one')).status).toBe(429);

      // Other usernames are not affected, and refused attempts do not extend the block.
      expect((await attempt('bystander', 'bystander pw')).status).toBe(200);
      expect(await failuresOf('guessed')).toBe(MAX_FAILURES);

      api.clock.now += wait * 1000 - 1000;
      const later = await attempt('guessed', 'the real one');
      expect(later.status).toBe(429);
      expect(later.headers['retry-after']).toBe('1');

      api.clock.now += 1000;
      expect((await attempt('guessed', 'the real one')).status).toBe(200);
    } finally {
      api.clock.now = start;
    }
  });

  it('lets a success not count, and purges failures older than the window', async () => {
    await createUser(api.database.db, { username: 'careful', firstName: 'C', lastName: 'C', password: 'careful pw' });
    const start = api.clock.now;
    try {
      expect((await attempt('careful', 'nope')).status).toBe(401);
      expect((await attempt('careful', 'careful pw')).status).toBe(200);
      expect(await failuresOf('careful')).toBe(1);
      api.clock.now = start + FAILURE_WINDOW_MS + 1000;
      expect((await attempt('someone else', 'nope')).status).toBe(401);
      expect(await failuresOf('careful')).toBe(0);
    } finally {
      api.clock.now = start;
    }
  });

  it('lets no more than the limit of parallel guesses through', async () => {
    await createUser(api.database.db, { username: 'burst', firstName: 'B', lastName: 'B', password: 'burst password' });
    const results = await Promise.all(Array.from({ length: MAX_FAILURES + 6 }, (_, i) => attempt('burst', `guess ${i}`)));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s !== 401 && s !== 429)).toEqual([]);
    // Attempts in flight count against each other, so a burst may be refused before
    // ten guesses are checked; never after more than ten.
    let checked = statuses.filter((s) => s === 401).length;
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(6);
    for (let i = 0; i < MAX_FAILURES + 1; i++) {
      const next = await attempt('burst', `one more ${i}`);
      if (next.status === 429) break;
      expect(next.status).toBe(401);
      checked++;
    }
    expect(checked).toBe(MAX_FAILURES);
    expect((await attempt('burst', 'burst password')).status).toBe(429);
  });

  it('counts wrong current passwords on the password form as guesses too', async () => {
    await createUser(api.database.db, { username: 'formguess', firstName: 'F', lastName: 'G', password: 'form password' });
    const token = await api.login('formguess', 'form password');
    const change = (currentPassword: string) =>
      api.request(
        'PUT',
        '/api/users/password',
        { currentPassword, newPassword: 'brand new pw', confirmNewPassword: 'brand new pw' },
        token,
      );
    for (let i = 0; i < MAX_FAILURES; i++) expect((await change(`guess ${i}`)).status).toBe(400);
    const refused = await change('form password');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await attempt('formguess', 'form password')).status).toBe(429);
  });

  it('locks one address out of one account: the owner signs in from elsewhere, and their tokens keep working', async () => {
    await createUser(api.database.db, { username: 'owner', firstName: 'O', lastName: 'W', password: 'owner password' });
    const token = await api.login('owner', 'owner password');
    for (let i = 0; i < MAX_FAILURES; i++) expect((await attemptFrom('198.51.100.7', 'owner', `guess ${i}`)).status).toBe(401);
    expect((await attemptFrom('198.51.100.7', 'owner', 'owner password')).status).toBe(429);
    // The attacker slowed only themselves.
    expect((await attemptFrom('203.0.113.20', 'owner', 'owner password')).status).toBe(200);
    expect((await api.request('GET', '/api/customers?limit=1', undefined, token)).status).toBe(200);
  });

  it('does not let a client escape its limit by naming another address in X-Forwarded-For', async () => {
    await createUser(api.database.db, { username: 'spoofed', firstName: 'S', lastName: 'P', password: 'spoofed password' });
    for (let i = 0; i < MAX_FAILURES; i++) {
      const forged = { 'x-forwarded-for': `192.0.2.${i + 1}` };
      expect((await attemptFrom('198.51.100.9', 'spoofed', `guess ${i}`, forged)).status).toBe(401);
    }
    expect((await attemptFrom('198.51.100.9', 'spoofed', 'spoofed password', { 'x-forwarded-for': '192.0.2.200' })).status).toBe(429);
  });

  it(`stops distributed guessing at ${MAX_ACCOUNT_FAILURES} failures for an account from all addresses`, async () => {
    await createUser(api.database.db, { username: 'target', firstName: 'T', lastName: 'G', password: 'target password' });
    const addresses = MAX_ACCOUNT_FAILURES / MAX_FAILURES;
    for (let a = 0; a < addresses; a++) {
      for (let i = 0; i < MAX_FAILURES; i++) expect((await attemptFrom(`10.0.${a}.1`, 'target', `guess ${a}/${i}`)).status).toBe(401);
    }
    const refused = await attemptFrom('203.0.113.99', 'target', 'target password');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await failuresOf('target')).toBe(MAX_ACCOUNT_FAILURES);
  });

  /** The device cookie a successful sign-in set, as `name=value`, with its attributes checked. */
  const deviceCookieOf = (response: { headers: Record<string, unknown> }) => {
    const cookies = [response.headers['set-cookie']].flat().map(String);
    const device = cookies.filter((c) => c.startsWith('yardstick-device-'));
    expect(device).toHaveLength(1);
    const attributes = device[0].split(';').map((a) => a.trim());
    expect(attributes).toEqual(expect.arrayContaining(['HttpOnly', 'SameSite=Strict', `Path=${DEVICE_COOKIE_PATH}`, 'Max-Age=31536000']));
    return attributes[0];
  };
  const withCookie = (cookie: string) => ({ cookie: `XSRF-TOKEN=${TEST_XSRF}; ${cookie}` });
  /** A sign-in from `address` as the trusted proxy on the same machine names it (X-Forwarded-For). */
  const viaProxy = (address: string, username: string, password: string, headers: Record<string, string> = {}) =>
    attemptFrom('127.0.0.1', username, password, { 'x-forwarded-for': address, ...headers });

  it('lets the owner with a device cookie sign in while strangers have locked the account, and counts a stolen cookie against its device only', async () => {
    await createUser(api.database.db, { username: 'admin', firstName: 'A', lastName: 'D', password: 'admin password' });
    const earlier = await viaProxy('203.0.113.5', 'admin', 'admin password');
    expect(earlier.status).toBe(200);
    const firstCookie = deviceCookieOf(earlier);

    // 110 guesses from 11 addresses: the account's ceiling is reached.
    const statuses: number[] = [];
    for (let a = 0; a < 11; a++) {
      for (let i = 0; i < MAX_FAILURES; i++) statuses.push((await viaProxy(`10.9.${a}.1`, 'admin', `guess ${a}/${i}`)).status);
    }
    expect(statuses.filter((s) => s === 401)).toHaveLength(MAX_ACCOUNT_FAILURES);
    expect(statuses.filter((s) => s === 429)).toHaveLength(110 - MAX_ACCOUNT_FAILURES);
    // Without a device cookie the right password is refused, from anywhere.
    expect((await viaProxy('203.0.113.5', 'admin', 'admin password')).status).toBe(429);
    // A forged or another user's cookie is no cookie at all.
    const forged = firstCookie.replace(/\.[^.]+$/, '.' + 'A'.repeat(43));
    expect((await viaProxy('203.0.113.5', 'admin', 'admin password', withCookie(forged))).status).toBe(429);

    // The owner's browser still gets through, and is given a fresh cookie.
    const owner = await viaProxy('203.0.113.5', 'admin', 'admin password', withCookie(firstCookie));
    expect(owner.status).toBe(200);
    expect(owner.body).toEqual({ token: expect.any(String), mustChangePassword: false });
    const freshCookie = deviceCookieOf(owner);
    expect(freshCookie).not.toBe(firstCookie);

    // A stolen (valid) cookie buys MAX_FAILURES guesses, counted against that device only.
    for (let i = 0; i < MAX_FAILURES; i++) {
      expect((await viaProxy('10.66.0.1', 'admin', `stolen ${i}`, withCookie(firstCookie))).status).toBe(401);
    }
    const deviceLocked = await viaProxy('10.66.0.1', 'admin', 'admin password', withCookie(firstCookie));
    expect(deviceLocked.status).toBe(429);
    expect(Number(deviceLocked.headers['retry-after'])).toBeGreaterThan(0);
    const onDevices = await api.database.db
      .select({ n: count() })
      .from(loginFailures)
      .where(and(eq(loginFailures.username, 'admin'), isNotNull(loginFailures.device)));
    expect(Number(onDevices[0].n)).toBe(MAX_FAILURES);
    expect(await failuresOf('admin')).toBe(MAX_ACCOUNT_FAILURES + MAX_FAILURES);

    // The owner's own device is untouched by the thief's failures.
    expect((await viaProxy('203.0.113.5', 'admin', 'admin password', withCookie(freshCookie))).status).toBe(200);
  });

  it('marks the device cookie Secure when the sign-in came over https (through the trusted proxy)', async () => {
    const plain = await viaProxy('203.0.113.8', 'tester', 'correct horse 1');
    expect(deviceCookieOf(plain)).toMatch(/^yardstick-device-[\w-]{16}=[\w-]{22}\.[\w-]{43}$/);
    expect(String(plain.headers['set-cookie'])).not.toMatch(/;\s*Secure/);
    const secure = await viaProxy('203.0.113.8', 'tester', 'correct horse 1', { 'x-forwarded-proto': 'https' });
    expect(secure.status).toBe(200);
    deviceCookieOf(secure);
    expect(String(secure.headers['set-cookie'])).toMatch(/yardstick-device-[^;]*;[^,]*Secure/);
  });
});
