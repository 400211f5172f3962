import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLAIM_FILE, claimDataDir, LEGACY_PID_FILE, processStartTime, serverUsing } from '../../server/db/dataDirOwner';

describe('the claim on a PGlite data directory', () => {
  const workDir = mkdtempSync(join(tmpdir(), 'ys-claim-'));
  /** A live process that is no Yardstick server. */
  const unrelated = spawn('sleep', ['60'], { stdio: 'ignore' });
  const pid = unrelated.pid!;

  beforeAll(async () => {
    for (let tries = 0; !processStartTime(pid) && tries < 50; tries++) await new Promise((r) => setTimeout(r, 20));
  });
  afterAll(() => {
    unrelated.kill();
    rmSync(workDir, { recursive: true, force: true });
  });

  const dir = (name: string) => join(workDir, name);
  const writeClaim = (dataDir: string, claim: object) => writeFileSync(join(dataDir, CLAIM_FILE), JSON.stringify(claim));

  it('is held while the named process is alive, started when the claim says, on this directory', () => {
    const dataDir = dir('held');
    claimDataDir(dataDir)(); // creates the directory
    writeClaim(dataDir, { pid, startTime: processStartTime(pid), dataDir, id: 'x' });
    expect(serverUsing(dataDir)).toBe(pid);
    expect(() => claimDataDir(dataDir)).toThrow(`Another Yardstick server (pid ${pid}) is using ${dataDir}`);
  });

  it('does not block the start when a stale claim or an old pid file names a live, unrelated process', () => {
    const dataDir = dir('stale');
    claimDataDir(dataDir)();
    writeClaim(dataDir, { pid, startTime: '1', dataDir, id: 'x' });
    writeFileSync(join(dataDir, LEGACY_PID_FILE), `${pid}\n`);
    expect(serverUsing(dataDir)).toBeUndefined();
    const release = claimDataDir(dataDir);
    expect(JSON.parse(readFileSync(join(dataDir, CLAIM_FILE), 'utf8'))).toMatchObject({ pid: process.pid });
    release();
    expect(serverUsing(dataDir)).toBeUndefined();
  });

  it('is not inherited by a copy of the directory while the original is in use', () => {
    const original = dir('original');
    claimDataDir(original)();
    writeClaim(original, { pid, startTime: processStartTime(pid), dataDir: original, id: 'x' });
    const copy = dir('copy');
    cpSync(original, copy, { recursive: true });
    expect(serverUsing(original)).toBe(pid);
    expect(serverUsing(copy)).toBeUndefined();
    claimDataDir(copy)();
  });
});
