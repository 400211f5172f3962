import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { CLAIM_FILE, LEGACY_PID_FILE, serverUsing } from '../../server/db/dataDirOwner';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, ROOT, startServer, type RunningServer } from '../e2e/server';
import { signIn, type HttpCall } from '../helpers/httpSession';

const address = { address1: '1 Oak Ave', city: 'Trenton', state: 'NJ' };

/** `npm run <script> -- args` as a user would run it, on `dataDir`. */
function cli(script: 'backup' | 'restore' | 'user', dataDir: string, ...args: string[]) {
  const { DATABASE_URL: _url, ...env } = process.env;
  const run = spawnSync(join(ROOT, 'node_modules', '.bin', 'tsx'), [`server/cli/${script}.ts`, ...args], {
    cwd: ROOT,
    env: { ...env, DATA_DIR: dataDir },
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { code: run.status, out: `${run.stdout}${run.stderr}` };
}

const customerNames = async (call: HttpCall) =>
  ((await call('GET', '/api/customers?sortBy=customer_name&sortDirection=ASC')).body.customers as { name: string }[]).map((c) => c.name);

describe('npm run backup / restore of the embedded database', () => {
  const workDir = mkdtempSync(join(tmpdir(), 'yardstick-backup-'));
  const dataDir = join(workDir, 'data');
  const backupFile = join(workDir, 'backups', 'before.tar.gz');
  let server: RunningServer | undefined;

  afterAll(async () => {
    await server?.stop();
    rmSync(workDir, { recursive: true, force: true });
  });

  it('backs up while the server serves, refuses to restore under it, and restores exactly the backed-up data', async () => {
    server = await startServer({ dataDir, spa: false });
    let call = await signIn(server.baseUrl, 'admin', ADMIN_PASSWORD);
    expect((await call('POST', '/api/customers', { name: 'Before Backup', ...address })).status).toBe(201);

    const backup = cli('backup', dataDir, backupFile);
    expect(backup.code, backup.out).toBe(0);
    expect(backup.out).toContain(`written to ${backupFile}`);
    expect(backup.out).toContain('by the running server');
    console.log(backup.out.trim());

    // The server went on serving during and after the backup.
    expect((await call('POST', '/api/customers', { name: 'After Backup', ...address })).status).toBe(201);
    expect(await customerNames(call)).toEqual(['After Backup', 'Before Backup']);

    const refused = cli('restore', dataDir, backupFile);
    expect(refused.code).toBe(1);
    expect(refused.out).toContain('stop the server before restoring');
    const userRefused = cli('user', dataDir, 'list');
    expect(userRefused.code).toBe(1);
    expect(userRefused.out).toContain('manage users in Settings');

    await server.stop();
    const restore = cli('restore', dataDir, backupFile);
    expect(restore.code, restore.out).toBe(0);
    expect(restore.out).toContain('The previous data is kept in');

    server = await startServer({ dataDir, spa: false });
    call = await signIn(server.baseUrl, 'admin', ADMIN_PASSWORD);
    expect(await customerNames(call)).toEqual(['Before Backup']);
  }, 180_000);

  it("leaves the server's claim out of a backup, so a copy restored elsewhere starts while the original runs", async () => {
    expect(server).toBeDefined();
    expect(serverUsing(dataDir)).toBeGreaterThan(0);
    const file = join(workDir, 'backups', 'while-running.tar.gz');
    const backup = cli('backup', dataDir, file);
    expect(backup.code, backup.out).toBe(0);
    const tar = gunzipSync(readFileSync(file)).toString('latin1');
    expect(tar).toContain('PG_VERSION');
    expect(tar).not.toContain(CLAIM_FILE);
    expect(tar).not.toContain(LEGACY_PID_FILE);

    const copyDir = join(workDir, 'copy');
    const restore = cli('restore', copyDir, file);
    expect(restore.code, restore.out).toBe(0);
    const copy = await startServer({ dataDir: copyDir, spa: false });
    try {
      const call = await signIn(copy.baseUrl, 'admin', ADMIN_PASSWORD);
      expect(await customerNames(call)).toEqual(['Before Backup']);
    } finally {
      await copy.stop();
    }
    // The original went on serving throughout.
    const call = await signIn(server!.baseUrl, 'admin', ADMIN_PASSWORD);
    expect((await call('GET', '/api/customers?limit=1')).status).toBe(200);
  }, 180_000);

  it('backs up a stopped server by reading its directory', async () => {
    await server?.stop();
    server = undefined;
    const direct = cli('backup', dataDir, join(workDir, 'backups', 'stopped.tar.gz'));
    expect(direct.code, direct.out).toBe(0);
    expect(direct.out).toContain('by this command (no server running)');
  }, 120_000);
});
