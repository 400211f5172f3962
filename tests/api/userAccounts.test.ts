import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../server/db/tables/users';
import { setUserActive } from '../../server/auth/userAdministration';
import { createUser } from '../../server/auth/users';
import { INVALID_USERNAME, userAccountMessages, type UserAccount } from '../../src/schema/userAccount';
import { createTestApi, TEST_USER, type TestApi } from '../helpers/testApi';
import { databaseKinds } from '../helpers/testDatabase';

const SESSION_INVALID = 'Your session is invalid or has expired. Please sign in again.';

describe.each(databaseKinds())('user management API on %s', (kind) => {
  let api: TestApi;
  let testerId: number;

  const accounts = async () => {
    const res = await api.get('/api/userAccounts');
    expect(res.status).toBe(200);
    return res.body as UserAccount[];
  };
  const account = async (username: string) => (await accounts()).find((a) => a.username === username)!;
  const signIn = (username: string, password: string) => api.request('POST', '/api/login', { username, password }, null);
  const add = (body: unknown) => api.request('POST', '/api/userAccounts', body);

  beforeAll(async () => {
    api = await createTestApi(kind);
    testerId = (await account(TEST_USER.username)).id;
  });
  afterAll(() => api?.close());

  it('lists username, names, state and last sign-in, never a hash', async () => {
    api.clock.now = Date.parse('2025-06-02T14:00:00Z');
    await api.login();
    const res = await api.get('/api/userAccounts');
    expect(res.body).toEqual([
      {
        id: testerId,
        username: TEST_USER.username,
        firstName: TEST_USER.firstName,
        lastName: TEST_USER.lastName,
        role: 'admin',
        active: true,
        lastSignInAt: '2025-06-02T14:00:00.000Z',
      },
    ]);
    expect(res.raw).not.toMatch(/argon|hash|password/i);
    // GET /api/users stays what the estimate screens pick salespeople from.
    expect(Object.keys((await api.get('/api/users')).body[0]).sort()).toEqual([
      'active',
      'email',
      'firstName',
      'id',
      'lastName',
      'username',
    ]);
  });

  it('adds a user with a one-time password they can sign in with; never signed in until then', async () => {
    const res = await add({ username: '  Jane.Doe@Office ', firstName: ' Jane ', lastName: 'Doe', password: 'ignored password' });
    expect(res.status, res.raw).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      password: expect.any(String),
      account: {
        id: res.body.id,
        username: 'jane.doe@office',
        firstName: 'Jane',
        lastName: 'Doe',
        role: 'staff',
        active: true,
        lastSignInAt: null,
      },
    });
    expect(res.body.password.length).toBeGreaterThanOrEqual(16);
    // The password is always generated here: one given in the body is not used.
    expect((await signIn('jane.doe@office', 'ignored password')).status).toBe(401);
    api.clock.now = Date.parse('2025-06-03T09:30:00Z');
    const signedIn = await signIn('JANE.DOE@office', res.body.password);
    expect(signedIn.status).toBe(200);
    expect((await account('jane.doe@office')).lastSignInAt).toBe('2025-06-03T09:30:00.000Z');
  });

  it('refuses a bad or taken username and missing names with field messages, changing nothing', async () => {
    const before = await accounts();
    const cases: [unknown, Record<string, string>][] = [
      [{}, { username: 'Username is required.', firstName: 'First Name is required.', lastName: 'Last Name is required.' }],
      [{ username: 'bad name', firstName: 'Bad', lastName: 'Name' }, { username: INVALID_USERNAME }],
      [{ username: '-dash', firstName: 'Bad', lastName: 'Name' }, { username: INVALID_USERNAME }],
      [{ username: 'x'.repeat(101), firstName: 'Long', lastName: 'Name' }, { username: 'Username cannot exceed 100 characters.' }],
      [
        { username: 'ok', firstName: 'x'.repeat(151), lastName: '  ' },
        { firstName: 'First Name cannot exceed 150 characters.', lastName: 'Last Name is required.' },
      ],
      [
        { username: ['admin'], firstName: { $ne: 1 }, lastName: true },
        { username: INVALID_USERNAME, firstName: 'First Name is invalid.', lastName: 'Last Name is invalid.' },
      ],
      [{ username: 'nul', firstName: 'N\u0000L', lastName: 'Byte' }, { firstName: 'First Name is invalid.' }],
    ];
    for (const [body, errors] of cases) {
      const res = await add(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toEqual({ message: 'Form is invalid.', errors });
    }
    for (const body of [null, [1, 2]]) expect((await add(body)).status).toBe(400);
    const taken = await add({ username: 'TESTER', firstName: 'Another', lastName: 'Tester' });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe('A user named "tester" already exists.');
    expect(await accounts()).toEqual(before);
  });

  it('resets a password: a new one-time password, and that user’s sign-ins end', async () => {
    const { id, password: oneTime } = (await add({ username: 'resetme', firstName: 'Re', lastName: 'Set' })).body;
    const password = 'resetme chose this';
    const oldToken = await api.signInFirstTime('resetme', oneTime, password);
    expect((await api.request('GET', '/api/operations', undefined, oldToken)).status).toBe(200);

    const res = await api.post(`/api/userAccounts/${id}/resetPassword`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ password: expect.any(String) });
    expect(res.body.password).not.toBe(password);

    const refused = await api.request('GET', '/api/operations', undefined, oldToken);
    expect(refused.status).toBe(401);
    expect(refused.body.message).toBe(SESSION_INVALID);
    expect((await signIn('resetme', password)).status).toBe(401);
    const again = await signIn('resetme', res.body.password);
    expect(again.status).toBe(200);
    expect(again.body.mustChangePassword).toBe(true);
  });

  it('does not reset one’s own password here (User Settings does, with the current one)', async () => {
    const res = await api.post(`/api/userAccounts/${testerId}/resetPassword`);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(userAccountMessages.resetSelf);
    expect((await signIn(TEST_USER.username, TEST_USER.password)).status).toBe(200);
  });

  it('disables a user: no sign-in, old tokens refused (401), also after re-enabling; enabling lets them sign in again', async () => {
    const { id, password: oneTime } = (await add({ username: 'leaver', firstName: 'Lee', lastName: 'Vers' })).body;
    const password = 'leaver chose this';
    const oldToken = await api.signInFirstTime('leaver', oneTime, password);

    const disabled = await api.put(`/api/userAccounts/${id}/active`, { active: false });
    expect(disabled.status).toBe(200);
    expect(disabled.body).toMatchObject({ id, username: 'leaver', active: false });

    // Still listed (estimates name them), marked so that no new choice offers them.
    expect((await api.get('/api/users')).body).toContainEqual({
      id,
      username: 'leaver',
      firstName: 'Lee',
      lastName: 'Vers',
      email: null,
      active: false,
    });
    const withOldToken = await api.request('GET', '/api/users', undefined, oldToken);
    expect(withOldToken.status).toBe(401);
    const refused = await signIn('leaver', password);
    expect(refused.status).toBe(401);
    expect(refused.body.message).toBe(userAccountMessages.disabled);
    // A wrong password still says only that.
    expect((await signIn('leaver', 'wrong password')).body.message).toBe('Invalid username or password.');
    // Twice is harmless.
    expect((await api.put(`/api/userAccounts/${id}/active`, { active: false })).status).toBe(200);

    const enabled = await api.put(`/api/userAccounts/${id}/active`, { active: true });
    expect(enabled.body).toMatchObject({ id, active: true });
    expect((await api.request('GET', '/api/users', undefined, oldToken)).status).toBe(401);
    const again = await signIn('leaver', password);
    expect(again.status).toBe(200);
    expect((await api.request('GET', '/api/users', undefined, again.body.token)).status).toBe(200);
  });

  it('does not let anyone disable themselves', async () => {
    const res = await api.put(`/api/userAccounts/${testerId}/active`, { active: false });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(userAccountMessages.disableSelf);
    expect((await account(TEST_USER.username)).active).toBe(true);
    expect((await api.get('/api/userAccounts')).status).toBe(200);
  });

  it('keeps the last active user active, even when two are disabled at the same moment', async () => {
    const { db } = api.database;
    await db.update(users).set({ active: false });
    const [a, b] = await Promise.all(
      ['last.one', 'last.two'].map((username) =>
        createUser(db, { username, firstName: 'Last', lastName: username, password: 'last password' }),
      ),
    );
    const results = await Promise.allSettled([setUserActive(db, a.id, false), setUserActive(db, b.id, false)]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const rejected = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(rejected.reason).toMatchObject({ statusCode: 400, message: userAccountMessages.lastActive });
    const stillActive = await db.select({ id: users.id }).from(users).where(eq(users.active, true));
    expect(stillActive).toHaveLength(1);
    await expect(setUserActive(db, stillActive[0].id, false)).rejects.toMatchObject({ message: userAccountMessages.lastActive });
    await db.update(users).set({ active: true });
  });

  it('answers hostile requests with 400 or 404, never a server error', async () => {
    const { id } = (await add({ username: 'target', firstName: 'Tar', lastName: 'Get' })).body;
    const cases: [string, string, unknown, number][] = [
      ['PUT', `/api/userAccounts/${id}/active`, { active: 'false' }, 400],
      ['PUT', `/api/userAccounts/${id}/active`, { active: 0 }, 400],
      ['PUT', `/api/userAccounts/${id}/active`, {}, 400],
      ['PUT', `/api/userAccounts/${id}/active`, [false], 400],
      ['PUT', '/api/userAccounts/999999/active', { active: false }, 404],
      ['PUT', '/api/userAccounts/abc/active', { active: false }, 400],
      ['PUT', '/api/userAccounts/99999999999/active', { active: false }, 400],
      ['PUT', '/api/userAccounts/-1/active', { active: false }, 400],
      ['POST', '/api/userAccounts/999999/resetPassword', {}, 404],
      ['POST', '/api/userAccounts/1e3/resetPassword', {}, 400],
    ];
    for (const [method, url, body, status] of cases) {
      const res = await api.request(method as 'PUT', url, body);
      expect(res.status, `${method} ${url} ${JSON.stringify(body)}`).toBe(status);
      expect(typeof res.body.message).toBe('string');
    }
    expect((await account('target')).active).toBe(true);
    for (const [method, url] of [
      ['GET', '/api/userAccounts'],
      ['POST', '/api/userAccounts'],
      ['PUT', `/api/userAccounts/${id}/active`],
    ]) {
      expect((await api.request(method as 'GET', url, { active: false }, null)).status).toBe(401);
    }
  });
});
