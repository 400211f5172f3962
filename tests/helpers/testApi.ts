import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp, type AppDeps } from '../../server/app';
import { createUser } from '../../server/auth/users';
import { openTestDatabase, type DatabaseKind, type TestDatabase } from './testDatabase';
import { assertNoViolations, watchResponsesAgainstDocument } from './openApiResponses';

export const TEST_USER = { username: 'tester', firstName: 'Terry', lastName: 'Tester', password: 'correct horse 1' };
export const TEST_SECRET = 'test-secret-that-is-long-enough-for-hs256-0123456789';

export interface TestResponse<T = any> {
  status: number;
  body: T;
  headers: Record<string, string | string[] | number | undefined>;
  raw: string;
}

export interface TestApi {
  app: FastifyInstance;
  database: TestDatabase;
  token: string;
  /** Moves the server clock (ms) for token expiry and refresh tests. */
  clock: { now: number };
  request<T = any>(method: InjectOptions['method'], url: string, body?: unknown, token?: string | null): Promise<TestResponse<T>>;
  get<T = any>(url: string): Promise<TestResponse<T>>;
  post<T = any>(url: string, body?: unknown): Promise<TestResponse<T>>;
  put<T = any>(url: string, body?: unknown): Promise<TestResponse<T>>;
  del<T = any>(url: string): Promise<TestResponse<T>>;
  login(username?: string, password?: string): Promise<string>;
  /**
   * Signs in with a one-time password (a new account's, a reset's) and replaces it with
   * `newPassword`, as the SPA makes the user do first; answers the token that works from then on.
   */
  signInFirstTime(username: string, oneTimePassword: string, newPassword?: string): Promise<string>;
  close(): Promise<void>;
}

export const TEST_XSRF = 'test-xsrf-token-value';

/** A staff member (not an admin) beside the test's user, signed in: their id and token. */
export async function signedInStaff(api: TestApi): Promise<{ id: number; token: string }> {
  const { id } = await createUser(api.database.db, {
    username: 'sam',
    firstName: 'Sam',
    lastName: 'Staff',
    password: 'staff password 1',
    role: 'staff',
  });
  return { id, token: await api.login('sam', 'staff password 1') };
}
const XSRF = TEST_XSRF;

/**
 * A migrated database, the app on it, and a signed-in user. Requests carry the token and
 * a matching XSRF cookie/header pair, as the SPA does.
 */
export async function createTestApi(kind: DatabaseKind, extra: Partial<AppDeps> = {}): Promise<TestApi> {
  const database = await openTestDatabase(kind);
  const clock = { now: Date.now() };
  await createUser(database.db, TEST_USER);
  const app = await buildApp({ database, jwtSecret: TEST_SECRET, now: () => clock.now, ...extra });
  checkEveryResponse(app);
  await app.ready();

  const api: TestApi = {
    app,
    database,
    token: '',
    clock,
    async request(method, url, body, token = api.token) {
      const headers: Record<string, string> = { cookie: `XSRF-TOKEN=${XSRF}`, 'x-xsrf-token': XSRF };
      if (token) headers.authorization = `Bearer ${token}`;
      const res = await app.inject({ method, url, payload: body as InjectOptions['payload'], headers });
      let parsed: unknown = res.body;
      if ((res.headers['content-type'] ?? '').toString().includes('json') && res.body) parsed = JSON.parse(res.body);
      return { status: res.statusCode, body: parsed as any, headers: res.headers, raw: res.body };
    },
    get: (url) => api.request('GET', url),
    post: (url, body) => api.request('POST', url, body ?? {}),
    put: (url, body) => api.request('PUT', url, body ?? {}),
    del: (url) => api.request('DELETE', url),
    async login(username = TEST_USER.username, password = TEST_USER.password) {
      const res = await api.request('POST', '/api/login', { username, password }, null);
      if (res.status !== 200) throw new Error(`login failed: ${res.status} ${res.raw}`);
      return res.body.token as string;
    },
    async signInFirstTime(username, oneTimePassword, newPassword = `${username} chose this`) {
      const signedIn = await api.request('POST', '/api/login', { username, password: oneTimePassword }, null);
      if (signedIn.status !== 200 || signedIn.body.mustChangePassword !== true)
        throw new Error(`first sign-in: ${signedIn.status} ${signedIn.raw}`);
      const changed = await api.request(
        'PUT',
        '/api/users/password',
        { currentPassword: oneTimePassword, newPassword, confirmNewPassword: newPassword },
        signedIn.body.token,
      );
      if (changed.status !== 200) throw new Error(`one-time password change: ${changed.status} ${changed.raw}`);
      return changed.headers['x-auth-token'] as string;
    },
    async close() {
      await app.close();
      await database.drop();
    },
  };
  api.token = await api.login();
  return api;
}

/**
 * Every response the app gives a test is checked against its OpenAPI document
 * (tests/helpers/openApiResponses.ts): the request that got an undocumented answer fails.
 */
export function checkEveryResponse(app: FastifyInstance): void {
  const contract = watchResponsesAgainstDocument(app);
  const inject = app.inject.bind(app) as (options: InjectOptions | string) => Promise<LightMyRequestResponse>;
  Object.assign(app, {
    inject: async (options: InjectOptions | string) => {
      // A request arrives as I/O, on a turn of the event loop of its own. Injected back to back
      // with nothing but promises between them, a test's loop of requests would starve the
      // timers and worker threads' messages that the work it measures waits for.
      await new Promise((resolve) => setImmediate(resolve));
      const response = await inject(options);
      assertNoViolations(contract.take());
      return response;
    },
  });
}
