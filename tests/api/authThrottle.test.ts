import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginFailures } from '../../server/db/tables/users';
import { FAILURE_WINDOW_MS, MAX_FAILURES } from '../../server/auth/throttle';
import { createUser } from '../../server/auth/users';
import { createTestApi, type TestApi } from '../helpers/testApi';
import { databaseKinds } from '../helpers/testDatabase';

describe.each(databaseKinds())('sign-in throttling on %s', (kind) => {
  let api: TestApi;

  beforeAll(async () => {
    api = await createTestApi(kind);
  });
  afterAll(() => api?.close());

  const attempt = (username: string, password: string) => api.request('POST', '/api/login', { username, password }, null);
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
      api.request('PUT', '/api/users/password', { currentPassword, newPassword: 'brand new pw', confirmNewPassword: 'brand new pw' }, token);
    for (let i = 0; i < MAX_FAILURES; i++) expect((await change(`guess ${i}`)).status).toBe(400);
    const refused = await change('form password');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await attempt('formguess', 'form password')).status).toBe(429);
  });
});
