import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureAdmin } from '../../server/auth/bootstrap';
import { verifyPassword } from '../../server/auth/passwords';
import { resolveJwtSecret } from '../../server/auth/secret';
import { runUserCommand } from '../../server/auth/userCommands';
import { findCredentials, listUsers } from '../../server/auth/users';
import { databaseKinds, openTestDatabase, type TestDatabase } from '../helpers/testDatabase';

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, output: { print: (l: string) => out.push(l), error: (l: string) => err.push(l) } };
}

describe.each(databaseKinds())('first start and user management on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(() => database?.drop());

  const run = async (...args: string[]) => {
    const c = capture();
    const code = await runUserCommand(database.db, args, c.output);
    return { code, out: c.out.join('\n'), err: c.err.join('\n') };
  };
  const passwordIn = (text: string) => /Password: (\S+)/.exec(text)?.[1];

  it('creates admin once on an empty database, with a random password printed once', async () => {
    const printed: string[] = [];
    await ensureAdmin(database.db, undefined, (l) => printed.push(l));
    const password = /password: (\S+)/.exec(printed.join('\n'))?.[1];
    expect(password).toBeDefined();
    const admin = (await findCredentials(database.db, 'admin'))!;
    expect(admin).toMatchObject({ firstName: 'Admin', lastName: 'User' });
    expect(await verifyPassword(admin.passwordHash, password!)).toBe(true);

    const again: string[] = [];
    await ensureAdmin(database.db, 'another admin password', (l) => again.push(l));
    expect(again).toEqual([]);
    expect((await findCredentials(database.db, 'admin'))!.passwordHash).toBe(admin.passwordHash);
    expect(await listUsers(database.db)).toHaveLength(1);
  });

  it('keeps one token secret, even when asked for it at once from many places', async () => {
    const secrets = await Promise.all(Array.from({ length: 5 }, () => resolveJwtSecret(database.db)));
    expect(new Set(secrets).size).toBe(1);
    expect(secrets[0].length).toBeGreaterThanOrEqual(64);
    expect(await resolveJwtSecret(database.db)).toBe(secrets[0]);
  });

  it('adds users with a given or a printed random password', async () => {
    const given = await run('add', 'Robin', 'Robin', 'Hood', '--password', 'sherwood forest');
    expect(given).toMatchObject({ code: 0 });
    expect(given.out).toContain('robin');
    expect(passwordIn(given.out)).toBeUndefined();
    expect(await verifyPassword((await findCredentials(database.db, 'robin'))!.passwordHash, 'sherwood forest')).toBe(true);

    const random = await run('add', 'marian', 'Maid', 'Marian');
    expect(random.code).toBe(0);
    const password = passwordIn(random.out)!;
    expect(password.length).toBeGreaterThanOrEqual(16);
    expect(await verifyPassword((await findCredentials(database.db, 'marian'))!.passwordHash, password)).toBe(true);
  });

  it('refuses bad input with a clear message, a non-zero exit, and no change', async () => {
    const before = await listUsers(database.db);
    const cases: [string[], RegExp][] = [
      [[], /Missing command/],
      [['remove', 'robin'], /Unknown command "remove"/],
      [['add', 'robin', 'Another', 'Robin', '--password', 'long enough pw'], /already exists/],
      [['add', 'tuck'], /Missing arguments/],
      [['add', 'tuck', 'Friar', 'Tuck', 'extra'], /Too many arguments: extra/],
      [['add', 'bad name', 'Bad', 'Name'], /Invalid username/],
      [['add', 'tuck', ' ', 'Tuck'], /First Name is required/],
      [['add', 'tuck', 'Friar', 'Tuck', '--password', 'short'], /at least 8 characters/],
      [['add', 'tuck', 'Friar', 'Tuck', '--password'], /--password needs a value/],
      [['add', 'tuck', 'Friar', 'Tuck', '--admin'], /Unknown option --admin/],
      [['passwd'], /Missing argument/],
      [['passwd', 'nobody'], /No user named "nobody"/],
      [['passwd', 'robin', '--password=tiny'], /at least 8 characters/],
    ];
    for (const [args, message] of cases) {
      const res = await run(...args);
      expect(res.code, args.join(' ')).not.toBe(0);
      expect(res.err, args.join(' ')).toMatch(message);
    }
    expect(await listUsers(database.db)).toEqual(before);
    expect(await verifyPassword((await findCredentials(database.db, 'robin'))!.passwordHash, 'sherwood forest')).toBe(true);
  });

  it('changes a password and moves the token generation on', async () => {
    const before = (await findCredentials(database.db, 'robin'))!;
    const res = await run('passwd', 'ROBIN', '--password=merry men forever');
    expect(res.code).toBe(0);
    const after = (await findCredentials(database.db, 'robin'))!;
    expect(after.tokenGeneration).toBe(before.tokenGeneration + 1);
    expect(await verifyPassword(after.passwordHash, 'merry men forever')).toBe(true);

    const random = await run('passwd', 'robin');
    expect(await verifyPassword((await findCredentials(database.db, 'robin'))!.passwordHash, passwordIn(random.out)!)).toBe(true);
  });

  it('disables and enables with the rules of Settings › Users: the last active user stays active', async () => {
    const disabled = await run('disable', 'Marian');
    expect(disabled).toMatchObject({ code: 0 });
    expect(disabled.out).toMatch(/Disabled "marian"/);
    expect((await findCredentials(database.db, 'marian'))!.active).toBe(false);
    expect((await run('list')).out).toMatch(/marian\s+staff\s+disabled/);
    expect((await run('enable', 'marian')).code).toBe(0);
    expect((await findCredentials(database.db, 'marian'))!.active).toBe(true);

    for (const name of ['robin', 'marian']) expect((await run('disable', name)).code).toBe(0);
    const last = await run('disable', 'admin');
    expect(last.code).not.toBe(0);
    expect(last.err).toMatch(/At least one user must stay active/);
    expect((await findCredentials(database.db, 'admin'))!.active).toBe(true);
    for (const [args, message] of [
      [['disable'], /Missing argument/],
      [['enable', 'nobody'], /No user named "nobody"/],
      [['disable', 'robin', 'marian'], /Too many arguments/],
    ] as const) {
      const res = await run(...args);
      expect(res.code).not.toBe(0);
      expect(res.err).toMatch(message);
    }
    for (const name of ['robin', 'marian']) expect((await run('enable', name)).code).toBe(0);
  });

  it('lists the users without hashes', async () => {
    const res = await run('list');
    expect(res.code).toBe(0);
    for (const name of ['admin', 'robin', 'marian']) expect(res.out).toContain(name);
    expect(res.out).not.toMatch(/argon/);
  });
});

describe('npm run user, as a process on a PGlite data directory', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'ys-cli-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  const cli = async (...args: string[]) => {
    const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' };
    try {
      const { stdout, stderr } = await promisify(execFile)('node_modules/.bin/tsx', ['server/cli/user.ts', ...args], { env });
      return { code: 0, stdout, stderr };
    } catch (error) {
      const e = error as { code: number; stdout: string; stderr: string };
      return { code: e.code, stdout: e.stdout, stderr: e.stderr };
    }
  };

  it('adds, refuses a duplicate with exit code 1, and lists', async () => {
    expect(await cli('add', 'ops', 'Olive', 'Operations', '--password', 'operations pw')).toMatchObject({ code: 0 });
    const duplicate = await cli('add', 'ops', 'Other', 'Person');
    expect(duplicate.code).toBe(1);
    expect(duplicate.stderr).toMatch(/A user named "ops" already exists/);
    const list = await cli('list');
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(/ops\s+admin\s+active\s+never\s+Olive Operations/);
  }, 120_000);
});
