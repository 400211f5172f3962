/**
 * Real server processes (the built bundle, as `npm start` runs it): two on one
 * PostgreSQL share sign-ins and throttling; a restart on the same PGlite directory
 * changes nothing.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPglite } from '../../server/db/connection';
import { MAX_FAILURES } from '../../server/auth/throttle';
import { databaseKinds } from '../helpers/testDatabase';
import { startServer, type RunningServer } from '../e2e/server';

databaseKinds(); // CI=true without DATABASE_URL fails here instead of skipping.

const XSRF = 'multi-process-xsrf-token';
const STARTUP_MS = 120_000;

async function call(server: RunningServer, method: string, path: string, { body, token }: { body?: unknown; token?: string } = {}) {
  const headers: Record<string, string> = { cookie: `XSRF-TOKEN=${XSRF}`, 'x-xsrf-token': XSRF };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(`${server.baseUrl}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined };
}

async function login(server: RunningServer, username: string, password: string) {
  return call(server, 'POST', '/api/login', { body: { username, password } });
}

const hasPostgres = Boolean(process.env.DATABASE_URL);
if (!hasPostgres) console.warn('multiProcess.test.ts: the two-server tests are skipped because DATABASE_URL is not set.');

describe.skipIf(!hasPostgres)(`two servers on one PostgreSQL${hasPostgres ? '' : ' (skipped: DATABASE_URL is not set)'}`, () => {
  const adminPassword = 'multi process admin';
  const adminUrl = process.env.DATABASE_URL!;
  const name = `ys_mp_${randomBytes(6).toString('hex')}`;
  const servers: RunningServer[] = [];

  async function admin(sql: string) {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  }

  beforeAll(async () => {
    await admin(`CREATE DATABASE ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    // Started together: migrations, the admin user and the token secret must cope with the race.
    const options = { spa: false, databaseUrl: url.toString(), env: () => ({ ADMIN_PASSWORD: adminPassword }) };
    servers.push(...(await Promise.all([startServer(options), startServer(options)])));
  }, STARTUP_MS * 2);

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }, 60_000);

  it('created the admin user once', () => {
    const created = servers.filter((s) => s.output().includes('Created the user "admin"'));
    expect(created).toHaveLength(1);
    for (const s of servers) expect(s.output()).not.toContain(adminPassword);
  });

  it('accepts a token from one server on the other, and a password change on one ends it on both', async () => {
    const [a, b] = servers;
    const signedIn = await login(a, 'admin', adminPassword);
    expect(signedIn.status).toBe(200);
    const token = signedIn.body.token as string;
    expect((await call(b, 'GET', '/api/users', { token })).status).toBe(200);
    const fromB = (await login(b, 'admin', adminPassword)).body.token as string;
    expect((await call(a, 'GET', '/api/users', { token: fromB })).status).toBe(200);

    const change = await call(a, 'PUT', '/api/users/password', {
      token,
      body: { currentPassword: adminPassword, newPassword: 'changed on a', confirmNewPassword: 'changed on a' },
    });
    expect(change.status).toBe(200);
    for (const s of servers) expect((await call(s, 'GET', '/api/users', { token: fromB })).status).toBe(401);
    const fresh = change.headers.get('x-auth-token')!;
    expect((await call(b, 'GET', '/api/users', { token: fresh })).status).toBe(200);
  });

  it('counts failed sign-ins across both servers', async () => {
    const [a, b] = servers;
    for (let i = 0; i < MAX_FAILURES; i++) {
      expect((await login(i % 2 ? b : a, 'admin', `guess ${i}`)).status).toBe(401);
    }
    for (const s of servers) {
      const res = await login(s, 'admin', 'changed on a');
      expect(res.status).toBe(429);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(800);
    }
  });
});

describe('npm start twice on one PGlite data directory', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'ys-restart-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  // No ADMIN_PASSWORD: the first start makes one and prints it.
  const firstStart = () => ({ spa: false, dataDir, env: () => ({ ADMIN_PASSWORD: '' }) });

  /** Every row of every table (the migrations journal included), in a stable order. */
  async function snapshot(): Promise<Record<string, string[]>> {
    const client = await createPglite(dataDir);
    try {
      const tables = await client.query<{ s: string; t: string }>(
        `SELECT table_schema AS s, table_name AS t FROM information_schema.tables
         WHERE table_schema IN ('public', 'drizzle') AND table_type = 'BASE TABLE' ORDER BY 1, 2`,
      );
      const result: Record<string, string[]> = {};
      for (const { s, t } of tables.rows) {
        const rows = await client.query<{ r: string }>(`SELECT row_to_json(x)::text AS r FROM "${s}"."${t}" x`);
        result[`${s}.${t}`] = rows.rows.map((row) => row.r).sort();
      }
      return result;
    } finally {
      await client.close();
    }
  }

  it(
    'changes nothing the second time, and keeps the admin password and the token secret',
    async () => {
      const first = await startServer(firstStart());
      let token: string;
      let password: string;
      try {
        password = /password: (\S+)/.exec(first.output())?.[1] ?? '';
        expect(password, first.output()).not.toBe('');
        const signedIn = await login(first, 'admin', password);
        expect(signedIn.status).toBe(200);
        token = signedIn.body.token;
      } finally {
        await first.stop();
      }
      const afterFirst = await snapshot();
      expect(afterFirst['public.users']).toHaveLength(1);

      const second = await startServer(firstStart());
      try {
        expect(second.output()).not.toContain('Created the user');
        expect(second.output()).not.toContain(password);
        expect((await call(second, 'GET', '/api/users', { token })).status).toBe(200);
        expect((await login(second, 'admin', password)).status).toBe(200);
      } finally {
        await second.stop();
      }
      // Signing in again on the second start records that sign-in (and the time at its place),
      // and nothing else changes.
      const lastSignIn = (rows: string[]) => (JSON.parse(rows[0]) as { user_last_sign_in_at: string }).user_last_sign_in_at;
      const withoutLastSignIn = (snap: Record<string, string[]>) => ({
        ...snap,
        'public.users': snap['public.users'].map((r) => JSON.stringify({ ...JSON.parse(r), user_last_sign_in_at: null })),
        'public.sign_in_places': (snap['public.sign_in_places'] ?? []).map((r) =>
          JSON.stringify({ ...JSON.parse(r), sign_in_place_last_at: null }),
        ),
      });
      const afterSecond = await snapshot();
      expect(Date.parse(lastSignIn(afterSecond['public.users']))).toBeGreaterThan(Date.parse(lastSignIn(afterFirst['public.users'])));
      expect(withoutLastSignIn(afterSecond)).toEqual(withoutLastSignIn(afterFirst));
    },
    STARTUP_MS * 3,
  );
});
