import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { createUser, findUserByUsername } from '../../server/auth/users';
import { passwordMessages } from '../../src/schema/passwordChange';
import { createTestApi, TEST_USER, type TestApi } from '../helpers/testApi';
import { databaseKinds } from '../helpers/testDatabase';

describe.each(databaseKinds())('users and passwords on %s', (kind) => {
  let api: TestApi;

  beforeAll(async () => {
    api = await createTestApi(kind);
  });
  afterAll(() => api?.close());

  describe('GET /api/users', () => {
    it('lists id, names, username and whether active, never a hash', async () => {
      await createUser(api.database.db, { username: 'Listed', firstName: 'Lee', lastName: 'Stead', password: 'listed password' });
      const res = await api.get('/api/users');
      expect(res.status).toBe(200);
      expect(res.body).toEqual(
        expect.arrayContaining([
          { id: expect.any(Number), username: 'listed', firstName: 'Lee', lastName: 'Stead', email: null, active: true },
          {
            id: expect.any(Number),
            username: TEST_USER.username,
            firstName: TEST_USER.firstName,
            lastName: TEST_USER.lastName,
            email: null,
            active: true,
          },
        ]),
      );
      for (const user of res.body) expect(Object.keys(user).sort()).toEqual(['active', 'email', 'firstName', 'id', 'lastName', 'username']);
      expect(res.raw).not.toMatch(/argon|hash|password/i);
    });
  });

  describe('PUT /api/users/password', () => {
    const username = 'changer';
    const original = 'original password';
    let token: string;

    beforeAll(async () => {
      await createUser(api.database.db, { username, firstName: 'Chan', lastName: 'Ger', password: original });
      token = await api.login(username, original);
    });

    const change = (body: unknown, withToken = token) => api.request('PUT', '/api/users/password', body, withToken);
    const stillOriginal = async () => {
      expect((await api.request('POST', '/api/login', { username, password: original }, null)).status).toBe(200);
      expect((await api.request('GET', '/api/users', undefined, token)).status).toBe(200);
    };

    it('requires each field with its own message', async () => {
      const res = await change({ currentPassword: '', newPassword: '   ' });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        message: 'Form is invalid.',
        errors: {
          currentPassword: 'Current Password is required.',
          newPassword: 'New Password is required.',
          confirmNewPassword: 'Confirm New Password is required.',
        },
      });
      expect((await change(['not', 'an', 'object'])).status).toBe(400);
      const wrongTypes = await change({ currentPassword: { $ne: '' }, newPassword: ['x'], confirmNewPassword: true });
      expect(wrongTypes.status).toBe(400);
      expect(wrongTypes.body.errors).toEqual({
        currentPassword: 'Current Password is invalid.',
        newPassword: 'New Password is invalid.',
        confirmNewPassword: 'Confirm New Password is invalid.',
      });
      await stillOriginal();
    });

    it('refuses a wrong current password, a mismatch, and a new password shorter than 8', async () => {
      const cases = [
        [
          { currentPassword: 'not mine', newPassword: 'changed password', confirmNewPassword: 'changed password' },
          'currentPassword',
          passwordMessages.wrongCurrent,
        ],
        [
          { currentPassword: original, newPassword: 'changed password', confirmNewPassword: 'changed passwort' },
          'confirmNewPassword',
          passwordMessages.mismatch,
        ],
        [{ currentPassword: original, newPassword: 'short7!', confirmNewPassword: 'short7!' }, 'newPassword', passwordMessages.tooShort],
        [
          { currentPassword: original, newPassword: 'x'.repeat(129), confirmNewPassword: 'x'.repeat(129) },
          'newPassword',
          'New Password cannot exceed 128 characters.',
        ],
      ] as const;
      for (const [body, field, message] of cases) {
        const res = await change(body);
        expect(res.status).toBe(400);
        expect(res.body.errors).toEqual({ [field]: message });
        expect(typeof res.body.message).toBe('string');
        expect(res.headers['x-auth-token']).toBeUndefined();
      }
      await stillOriginal();
    });

    it('refuses a change without the anti-forgery header', async () => {
      const res = await api.app.inject({
        method: 'PUT',
        url: '/api/users/password',
        payload: { currentPassword: original, newPassword: 'changed password', confirmNewPassword: 'changed password' },
        headers: { authorization: `Bearer ${token}`, cookie: 'XSRF-TOKEN=abcdefghijklmnopqrstuvwx' },
      });
      expect(res.statusCode).toBe(403);
      await stillOriginal();
    });

    it('changes the password, refuses the earlier tokens and hands out a fresh one', async () => {
      const other = await api.login(username, original);
      const before = (await findUserByUsername(api.database.db, username))!;
      const res = await change({ currentPassword: original, newPassword: 'changed password', confirmNewPassword: 'changed password' });
      expect(res.status).toBe(200);
      const fresh = res.headers['x-auth-token'] as string;
      expect(res.headers['access-control-expose-headers']).toMatch(/x-auth-token/i);
      expect(decodeJwt(fresh).gen).toBe(before.tokenGeneration + 1);

      for (const old of [token, other]) expect((await api.request('GET', '/api/users', undefined, old)).status).toBe(401);
      expect((await api.request('GET', '/api/users', undefined, fresh)).status).toBe(200);
      expect((await api.request('POST', '/api/login', { username, password: original }, null)).status).toBe(401);
      expect((await api.request('POST', '/api/login', { username, password: 'changed password' }, null)).status).toBe(200);
      // Another user's session is untouched.
      expect((await api.get('/api/users')).status).toBe(200);
    });
  });
});
