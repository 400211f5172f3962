import { SignJWT, decodeJwt, decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRoutes, type RouteInfo } from '../../server/auth/routeCatalog';
import { issueToken, SIGN_IN_LIMIT_MS, TOKEN_LIFETIME_MS } from '../../server/auth/tokens';
import { createUser, findUserByUsername } from '../../server/auth/users';
import { createTestApi, TEST_SECRET, TEST_USER, type TestApi } from '../helpers/testApi';
import { databaseKinds } from '../helpers/testDatabase';

const MINUTE = 60_000;
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const concrete = (url: string) => url.replace(/:[A-Za-z0-9_]+/g, '1').replace(/\*/g, 'x');

describe.each(databaseKinds())('authentication on %s', (kind) => {
  let api: TestApi;
  let protectedRoutes: RouteInfo[];

  beforeAll(async () => {
    api = await createTestApi(kind);
    protectedRoutes = apiRoutes(api.app).filter((r) => !r.public);
  });
  afterAll(() => api?.close());

  describe('sign-in', () => {
    it('answers a token for the right password, with the username in any case', async () => {
      const res = await api.request('POST', '/api/login', { username: 'TESTER ', password: TEST_USER.password }, null);
      expect(res.status).toBe(200);
      expect(Object.keys(res.body)).toEqual(['token', 'mustChangePassword']);
      expect(res.body.mustChangePassword).toBe(false);
      expect((await api.request('GET', '/api/users', undefined, res.body.token)).status).toBe(200);
    });

    it('answers the same 401 for a wrong password and an unknown user', async () => {
      const wrong = await api.request('POST', '/api/login', { username: 'tester', password: 'wrong password' }, null);
      const unknown = await api.request('POST', '/api/login', { username: 'nobody', password: TEST_USER.password }, null);
      for (const res of [wrong, unknown]) {
        expect(res.status).toBe(401);
        expect(res.body).toEqual({ message: 'Invalid username or password.' });
      }
    });

    it('requires both fields', async () => {
      const res = await api.request('POST', '/api/login', { username: ' ' }, null);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        message: 'Form is invalid.',
        errors: { username: 'Username is required.', password: 'Password is required.' },
      });
    });

    it('issues an HS256 token with the contract claims', async () => {
      const token = await api.login();
      const user = (await findUserByUsername(api.database.db, TEST_USER.username))!;
      const now = Math.floor(api.clock.now / 1000);
      expect(decodeProtectedHeader(token)).toMatchObject({ alg: 'HS256' });
      expect(decodeJwt(token)).toEqual({
        sub: String(user.id),
        username: TEST_USER.username,
        firstName: TEST_USER.firstName,
        lastName: TEST_USER.lastName,
        iat: now,
        exp: now + TOKEN_LIFETIME_MS / 1000,
        auth_time: now,
        gen: user.tokenGeneration,
        role: 'admin',
        mustChangePassword: false,
      });
    });
  });

  describe('every protected route', () => {
    it("is found by enumeration, and only sign-in, health, the API description and the client's proposal page (with its photos) are public", () => {
      expect(protectedRoutes.length).toBeGreaterThan(10);
      expect(protectedRoutes).toContainEqual({ method: 'GET', url: '/api/users', public: false, adminOnly: false });
      expect(protectedRoutes).toContainEqual({ method: 'PUT', url: '/api/users/password', public: false, adminOnly: false });
      expect(protectedRoutes).toContainEqual({ method: 'GET', url: '/api/customers', public: false, adminOnly: false });
      const publicRoutes = apiRoutes(api.app)
        .filter((r) => r.public)
        .map((r) => `${r.method} ${r.url}`);
      expect(publicRoutes.sort()).toEqual([
        'GET /api/health',
        'GET /api/openapi.json',
        'GET /api/public/proposals/:token',
        'GET /api/public/proposals/:token/pdf',
        'GET /api/public/proposals/:token/photos/:photoID/:version',
        'GET /api/reference',
        'HEAD /api/health',
        'HEAD /api/openapi.json',
        'HEAD /api/public/proposals/:token',
        'HEAD /api/public/proposals/:token/pdf',
        'HEAD /api/public/proposals/:token/photos/:photoID/:version',
        'HEAD /api/reference',
        'POST /api/login',
        'POST /api/public/proposals/:token/accept',
        'POST /api/public/proposals/:token/decline',
        'POST /api/public/proposals/:token/requestChanges',
      ]);
    });

    it('answers 401 {message} to a missing, malformed, forged, expired or revoked token', async () => {
      const user = (await findUserByUsername(api.database.db, TEST_USER.username))!;
      const valid = await api.login();
      const [, payload] = valid.split('.');
      const forged = await new SignJWT(decodeJwt(valid))
        .setProtectedHeader({ alg: 'HS256' })
        .sign(new TextEncoder().encode(`${TEST_SECRET}-not`));
      const hs384 = await new SignJWT(decodeJwt(valid)).setProtectedHeader({ alg: 'HS384' }).sign(new TextEncoder().encode(TEST_SECRET));
      const expired = await issueToken(TEST_SECRET, user, {
        now: api.clock.now - TOKEN_LIFETIME_MS - MINUTE,
        signedInAt: api.clock.now - TOKEN_LIFETIME_MS - MINUTE,
      });

      await createUser(api.database.db, { username: 'revoked', firstName: 'R', lastName: 'R', password: 'first password' });
      const revoked = await api.login('revoked', 'first password');
      const change = await api.request(
        'PUT',
        '/api/users/password',
        { currentPassword: 'first password', newPassword: 'second password', confirmNewPassword: 'second password' },
        revoked,
      );
      expect(change.status).toBe(200);
      const fresh = change.headers['x-auth-token'] as string;
      expect((await api.request('GET', '/api/users', undefined, fresh)).status).toBe(200);

      const cases: Record<string, string | null> = {
        'no token': null,
        malformed: 'not-a-token',
        'three garbage parts': 'abc.def.ghi',
        'wrong signature': forged,
        'alg none': `${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`,
        'HS384 instead of HS256': hs384,
        expired,
        'issued before a password change (same second)': revoked,
      };
      const failures: string[] = [];
      for (const [name, token] of Object.entries(cases)) {
        for (const route of protectedRoutes) {
          const res = await api.request(
            route.method as never,
            concrete(route.url),
            route.method === 'GET' || route.method === 'HEAD' ? undefined : {},
            token,
          );
          const hasMessage = route.method === 'HEAD' || typeof res.body?.message === 'string';
          if (res.status !== 401 || !hasMessage) failures.push(`${name}: ${route.method} ${route.url} → ${res.status}`);
        }
      }
      expect(failures).toEqual([]);
    });

    it('refuses a non-GET request without a matching X-XSRF-TOKEN with 403, before anything else', async () => {
      const failures: string[] = [];
      const writes = [
        ...protectedRoutes.filter((r) => !['GET', 'HEAD'].includes(r.method)),
        { method: 'POST', url: '/api/login', public: true },
      ];
      const variants: Record<string, Record<string, string>> = {
        'no header': { cookie: 'XSRF-TOKEN=abcdefghijklmnopqrstuvwx' },
        'wrong header': { cookie: 'XSRF-TOKEN=abcdefghijklmnopqrstuvwx', 'x-xsrf-token': 'abcdefghijklmnopqrstuvwy' },
        'no cookie': { 'x-xsrf-token': 'abcdefghijklmnopqrstuvwx' },
      };
      for (const [name, headers] of Object.entries(variants)) {
        for (const route of writes) {
          const res = await api.app.inject({
            method: route.method as never,
            url: concrete(route.url),
            payload: { username: TEST_USER.username, password: TEST_USER.password },
            headers: { ...headers, authorization: `Bearer ${api.token}` },
          });
          const body = JSON.parse(res.body || '{}');
          if (res.statusCode !== 403 || typeof body.message !== 'string')
            failures.push(`${name}: ${route.method} ${route.url} → ${res.statusCode}`);
        }
      }
      expect(writes.length).toBeGreaterThan(3);
      expect(failures).toEqual([]);
    });
  });

  describe('the anti-forgery cookie', () => {
    const xsrfCookie = (setCookie: string | string[] | undefined) => [setCookie ?? []].flat().find((c) => c.startsWith('XSRF-TOKEN='));

    it('is set, readable by script and SameSite=Strict, on any API response of a client without one', async () => {
      for (const url of ['/api/health', '/api/users']) {
        const cookie = xsrfCookie((await api.app.inject({ method: 'GET', url })).headers['set-cookie']);
        expect(cookie).toMatch(/^XSRF-TOKEN=[A-Za-z0-9_-]{32,};/);
        expect(cookie).toMatch(/SameSite=Strict/);
        expect(cookie).toMatch(/Path=\//);
        expect(cookie).not.toMatch(/HttpOnly/i);
      }
    });

    it('is not replaced for a client that has one, and different for each client', async () => {
      const res = await api.app.inject({ method: 'GET', url: '/api/health', headers: { cookie: 'XSRF-TOKEN=abcdefghijklmnopqrstuvwx' } });
      expect(xsrfCookie(res.headers['set-cookie'])).toBeUndefined();
      const a = xsrfCookie((await api.app.inject({ method: 'GET', url: '/api/health' })).headers['set-cookie']);
      const b = xsrfCookie((await api.app.inject({ method: 'GET', url: '/api/health' })).headers['set-cookie']);
      expect(a).not.toBe(b);
    });

    it('lets the client sign in with the cookie it was given', async () => {
      const cookie = xsrfCookie((await api.app.inject({ method: 'GET', url: '/assets/states.json' })).headers['set-cookie'])!;
      const value = cookie.split(';')[0].slice('XSRF-TOKEN='.length);
      const res = await api.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: TEST_USER.username, password: TEST_USER.password },
        headers: { cookie: `XSRF-TOKEN=${value}`, 'x-xsrf-token': value },
      });
      expect(res.statusCode).toBe(200);
    });
  });

  describe('token lifetime', () => {
    it('expires after 30 minutes', async () => {
      const token = await api.login();
      const start = api.clock.now;
      try {
        api.clock.now = start + TOKEN_LIFETIME_MS - 1000;
        expect((await api.request('GET', '/api/users', undefined, token)).status).toBe(200);
        api.clock.now = start + TOKEN_LIFETIME_MS;
        expect((await api.request('GET', '/api/users', undefined, token)).status).toBe(401);
      } finally {
        api.clock.now = start;
      }
    });

    it('sends a fresh token past half-life, never beyond 12 hours from sign-in', async () => {
      const start = api.clock.now;
      try {
        let token = await api.login();
        const signedIn = decodeJwt(token).auth_time as number;
        api.clock.now = start + 14 * MINUTE;
        const early = await api.request('GET', '/api/users', undefined, token);
        expect(early.status).toBe(200);
        expect(early.headers['x-auth-token']).toBeUndefined();

        api.clock.now = start + 16 * MINUTE;
        const due = await api.request('GET', '/api/users', undefined, token);
        expect(due.headers['access-control-expose-headers']).toMatch(/x-auth-token/i);
        const next = due.headers['x-auth-token'] as string;
        expect(decodeJwt(next)).toMatchObject({ auth_time: signedIn, iat: Math.floor(api.clock.now / 1000) });
        expect((await api.request('GET', '/api/users', undefined, next)).status).toBe(200);

        // Keep the session busy every 20 minutes for 13 hours.
        const limit = signedIn + SIGN_IN_LIMIT_MS / 1000;
        let lastAccepted = 0;
        token = next;
        for (let t = start + 20 * MINUTE; t <= start + 13 * 60 * MINUTE; t += 20 * MINUTE) {
          api.clock.now = t;
          const res = await api.request('GET', '/api/users', undefined, token);
          if (res.status === 200) lastAccepted = t;
          const fresh = res.headers['x-auth-token'] as string | undefined;
          if (fresh) {
            expect(decodeJwt(fresh).exp).toBeLessThanOrEqual(limit);
            expect(decodeJwt(fresh).auth_time).toBe(signedIn);
            token = fresh;
          }
        }
        expect(lastAccepted).toBeGreaterThanOrEqual(start + 11.5 * 60 * MINUTE);
        expect(lastAccepted).toBeLessThan(start + SIGN_IN_LIMIT_MS);
        api.clock.now = signedIn * 1000 + SIGN_IN_LIMIT_MS;
        expect((await api.request('GET', '/api/users', undefined, token)).status).toBe(401);
      } finally {
        api.clock.now = start;
      }
    });
  });
});
