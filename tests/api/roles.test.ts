import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { apiRoutes } from '../../server/auth/routeCatalog';
import { setUserActive } from '../../server/auth/userAdministration';
import { findUserByUsername } from '../../server/auth/users';
import { runUserCommand } from '../../server/auth/userCommands';
import { accessMessages, INVALID_ROLE, userAccountMessages, type UserAccount } from '../../src/schema/userAccount';
import { createTestApi, TEST_USER, type TestApi } from '../helpers/testApi';
import { databaseKinds } from '../helpers/testDatabase';

/**
 * Issue 26, "An owner role": the routes that change the office's settings and its people are an
 * admin's; staff read them. Written out here, so that a route that forgets its `adminOnly` flag
 * (or gains one by mistake) fails this list.
 */
const ADMIN_ONLY = [
  'DELETE /api/company/logo',
  'DELETE /api/customFields/:id',
  'DELETE /api/demoData',
  'GET /api/jobs',
  'HEAD /api/jobs',
  'POST /api/company/mail/test',
  'POST /api/customFields',
  'POST /api/customFields/reorder',
  'POST /api/jobs/:id/retry',
  'POST /api/userAccounts',
  'POST /api/userAccounts/:id/resetPassword',
  'PUT /api/company',
  'PUT /api/company/followUps',
  'PUT /api/company/logo',
  'PUT /api/company/lostReasons',
  'PUT /api/company/mail',
  'PUT /api/customFields/:id',
  'PUT /api/userAccounts/:id/active',
  'PUT /api/userAccounts/:id/role',
];

const concrete = (url: string, value: string) => url.replace(/:[A-Za-z0-9_]+/g, value).replace(/\*/g, value);

describe.each(databaseKinds())('roles and one-time passwords on %s', (kind) => {
  let api: TestApi;
  let adminId: number;
  /** A staff member who has replaced their one-time password. */
  let staff: { id: number; token: string; password: string };

  const as = (token: string) => ({
    get: (url: string) => api.request('GET', url, undefined, token),
    put: (url: string, body: unknown) => api.request('PUT', url, body, token),
    post: (url: string, body: unknown = {}) => api.request('POST', url, body, token),
  });
  const accounts = async () => (await api.get('/api/userAccounts')).body as UserAccount[];
  const signIn = (username: string, password: string) => api.request('POST', '/api/login', { username, password }, null);
  const addUser = async (username: string, role?: string) => {
    const res = await api.post('/api/userAccounts', { username, firstName: 'Some', lastName: 'One', role });
    expect(res.status, res.raw).toBe(201);
    return res.body as { id: number; password: string; account: UserAccount };
  };

  beforeAll(async () => {
    api = await createTestApi(kind);
    adminId = (await findUserByUsername(api.database.db, TEST_USER.username))!.id;
    const added = await addUser('sam');
    const password = 'sam chose this one';
    staff = { id: added.id, token: await api.signInFirstTime('sam', added.password, password), password };
  });
  afterAll(() => api?.close());

  it('makes the first user admin and a new user staff unless told otherwise', async () => {
    const list = await accounts();
    expect(list.find((a) => a.id === adminId)?.role).toBe('admin');
    expect(list.find((a) => a.id === staff.id)?.role).toBe('staff');
    const boss = await addUser('boss', 'admin');
    expect(boss.account.role).toBe('admin');
    expect((await api.put(`/api/userAccounts/${boss.id}/active`, { active: false })).status).toBe(200);
  });

  it('refuses an unknown role, naming the field', async () => {
    const res = await api.post('/api/userAccounts', { username: 'odd', firstName: 'Odd', lastName: 'One', role: 'owner' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'Form is invalid.', errors: { role: INVALID_ROLE } });
    for (const role of ['root', '', null, 1, ['admin']]) {
      const bad = await api.put(`/api/userAccounts/${staff.id}/role`, { role });
      expect(bad.status, JSON.stringify(role)).toBe(400);
      expect(bad.body).toEqual({ message: 'Form is invalid.', errors: { role: INVALID_ROLE } });
    }
    expect((await accounts()).some((a) => a.username === 'odd')).toBe(false);
  });

  it('declares exactly the expected routes admin-only', () => {
    const declared = apiRoutes(api.app)
      .filter((r) => r.adminOnly)
      .map((r) => `${r.method} ${r.url}`)
      .sort();
    expect(declared).toEqual(ADMIN_ONLY);
  });

  it('walks every route as staff: each is either allowed or refused with 403, as declared', async () => {
    const routes = apiRoutes(api.app).filter((r) => !r.public && r.method !== 'HEAD');
    expect(routes.length).toBeGreaterThan(50);
    const problems: string[] = [];
    for (const route of routes) {
      // The admin's own id for the refused routes (the takeover), an unknown one for the others.
      const url = concrete(route.url, route.adminOnly ? String(adminId) : '999999');
      const res = await api.request(route.method as never, url, route.method === 'GET' ? undefined : {}, staff.token);
      const where = `${route.method} ${route.url} → ${res.status} ${res.raw.slice(0, 120)}`;
      if (route.adminOnly && (res.status !== 403 || res.body?.message !== accessMessages.adminOnly)) problems.push(`not refused: ${where}`);
      if (!route.adminOnly && (res.status === 403 || res.status === 401)) problems.push(`refused staff: ${where}`);
    }
    expect(problems).toEqual([]);
  });

  it('lets staff read the office settings and the users', async () => {
    for (const url of ['/api/company', '/api/company/mail', '/api/userAccounts', '/api/users', '/api/demoData']) {
      expect((await as(staff.token).get(url)).status, url).toBe(200);
    }
    expect((await as(staff.token).get('/api/company/mail')).raw).not.toMatch(/"password"/);
  });

  it('refuses the takeover attempts: disabling the admin, resetting their password', async () => {
    const disable = await as(staff.token).put(`/api/userAccounts/${adminId}/active`, { active: false });
    expect(disable.status).toBe(403);
    expect(disable.body).toEqual({ message: accessMessages.adminOnly });
    const reset = await as(staff.token).post(`/api/userAccounts/${adminId}/resetPassword`);
    expect(reset.status).toBe(403);
    expect(reset.body).toEqual({ message: accessMessages.adminOnly });
    const promote = await as(staff.token).put(`/api/userAccounts/${staff.id}/role`, { role: 'admin' });
    expect(promote.status).toBe(403);
    // Nothing changed: the admin is active and signs in with their own password; sam is staff.
    expect((await accounts()).find((a) => a.id === adminId)).toMatchObject({ active: true, role: 'admin' });
    expect((await signIn(TEST_USER.username, TEST_USER.password)).status).toBe(200);
    expect((await accounts()).find((a) => a.id === staff.id)?.role).toBe('staff');
  });

  it('keeps the last active admin: neither demoted nor disabled (409)', async () => {
    const demote = await api.put(`/api/userAccounts/${adminId}/role`, { role: 'staff' });
    expect(demote.status).toBe(409);
    expect(demote.body).toEqual({ message: userAccountMessages.lastAdmin });
    // The command line has nobody acting, so only the rule stops it.
    await expect(setUserActive(api.database.db, adminId, false)).rejects.toMatchObject({
      statusCode: 409,
      message: userAccountMessages.lastAdmin,
    });
    const lines: string[] = [];
    const code = await runUserCommand(api.database.db, ['role', TEST_USER.username, 'staff'], {
      print: (l) => lines.push(l),
      error: (l) => lines.push(l),
    });
    expect(code).toBe(1);
    expect(lines).toContain(userAccountMessages.lastAdmin);
    expect((await accounts()).find((a) => a.id === adminId)).toMatchObject({ active: true, role: 'admin' });
  });

  it("counts a role change from the user's next request, with the same token", async () => {
    const staffApi = as(staff.token);
    expect((await staffApi.put('/api/company', {})).status).toBe(403);

    const promoted = await api.put(`/api/userAccounts/${staff.id}/role`, { role: 'admin' });
    expect(promoted.status).toBe(200);
    expect(promoted.body).toMatchObject({ id: staff.id, role: 'admin' });
    const asAdmin = await staffApi.put('/api/company', {});
    expect(asAdmin.status).not.toBe(403);
    // The token told the old role: the answer carries one that tells the new (for the screens only).
    expect(decodeJwt(asAdmin.headers['x-auth-token'] as string)).toMatchObject({ role: 'admin' });

    // Two admins now: the first may be demoted, and then sam is the last one.
    expect((await staffApi.put(`/api/userAccounts/${adminId}/role`, { role: 'staff' })).status).toBe(200);
    const refused = await api.put('/api/company', {});
    expect(refused.status).toBe(403);
    // The refusal carries a token that tells the screens the new role.
    expect(decodeJwt(refused.headers['x-auth-token'] as string)).toMatchObject({ role: 'staff' });
    expect((await staffApi.put(`/api/userAccounts/${staff.id}/role`, { role: 'staff' })).status).toBe(409);
    expect((await staffApi.put(`/api/userAccounts/${adminId}/role`, { role: 'admin' })).status).toBe(200);
    expect((await api.put(`/api/userAccounts/${staff.id}/role`, { role: 'staff' })).status).toBe(200);
    expect((await staffApi.put('/api/company', {})).status).toBe(403);
  });

  it('makes a new password a one-time password: only the password change until it is changed', async () => {
    const { password: oneTime } = await addUser('newbie');
    const signedIn = await signIn('newbie', oneTime);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body).toEqual({ token: expect.any(String), mustChangePassword: true });
    const newbie = as(signedIn.body.token);
    for (const url of ['/api/customers', '/api/users', '/api/company', '/api/userAccounts']) {
      const res = await newbie.get(url);
      expect(res.status, url).toBe(403);
      expect(res.body).toEqual({ message: accessMessages.mustChangePassword });
    }
    expect((await newbie.post('/api/customers', { name: 'Sneaky' })).status).toBe(403);

    const changed = await newbie.put('/api/users/password', {
      currentPassword: oneTime,
      newPassword: 'newbie picked this',
      confirmNewPassword: 'newbie picked this',
    });
    expect(changed.status, changed.raw).toBe(200);
    const fresh = changed.headers['x-auth-token'] as string;
    expect(decodeJwt(fresh)).toMatchObject({ mustChangePassword: false, role: 'staff' });
    expect((await as(fresh).get('/api/customers')).status).toBe(200);
    // The token of the one-time sign-in has ended with the change.
    expect((await newbie.get('/api/customers')).status).toBe(401);
    expect((await signIn('newbie', oneTime)).status).toBe(401);
    expect((await signIn('newbie', 'newbie picked this')).body.mustChangePassword).toBe(false);
  });

  it('makes a reset password one-time too, from the web and from the command line', async () => {
    const reset = await api.post(`/api/userAccounts/${staff.id}/resetPassword`);
    expect(reset.status).toBe(200);
    const first = await signIn('sam', reset.body.password);
    expect(first.body.mustChangePassword).toBe(true);
    expect((await as(first.body.token).get('/api/estimates')).status).toBe(403);

    const lines: string[] = [];
    const out = { print: (l: string) => lines.push(l), error: (l: string) => lines.push(l) };
    expect(await runUserCommand(api.database.db, ['passwd', 'sam', '--password', 'from the shell'], out)).toBe(0);
    expect((await signIn('sam', 'from the shell')).body.mustChangePassword).toBe(true);
    expect(await runUserCommand(api.database.db, ['add', 'clerk', 'Cl', 'Erk', '--role', 'staff'], out)).toBe(0);
    expect(await runUserCommand(api.database.db, ['add', 'chief', 'Chi', 'Ef', '--role', 'admin'], out)).toBe(0);
    expect(await runUserCommand(api.database.db, ['add', 'who', 'W', 'Ho', '--role', 'owner'], out)).toBe(2);
    expect(lines).toContain(INVALID_ROLE);
    const list = await accounts();
    expect(list.find((a) => a.username === 'clerk')?.role).toBe('staff');
    expect(list.find((a) => a.username === 'chief')?.role).toBe('admin');
    expect(list.some((a) => a.username === 'who')).toBe(false);
  });
});
