import { execFileSync, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { ADMIN_PASSWORD, ROOT, firstStartData } from './server';

/**
 * `npm start`'s launcher (scripts/start.mjs) on each Node.js at hand (CI: this one, and Node 24
 * from YARDSTICK_OTHER_NODE): where Node.js has process.execve (22.15 and later) the launcher
 * becomes the server, so one process remains (issue 37's footprint); elsewhere it runs the
 * server as its child and passes a SIGTERM on. Either way the server answers and stops.
 */
const otherNode = process.env.YARDSTICK_OTHER_NODE ? join(process.env.YARDSTICK_OTHER_NODE, 'node') : undefined;
const nodes = [process.execPath, ...(otherNode && existsSync(otherNode) ? [otherNode] : [])];

const childrenOf = (pid: number): number[] => {
  try {
    return execFileSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' })
      .split('\n')
      .filter((line) => line.trim())
      .map(Number);
  } catch {
    return []; // ps exits 1 when there is none
  }
};
const commandOf = (pid: number) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

describe.skipIf(!existsSync(join(ROOT, 'dist', 'index.html')))('npm start’s launcher', () => {
  test.each(nodes)(
    'with %s: the server answers, as one process where Node.js can exec, and stops on SIGTERM',
    async (node) => {
      const canExec = execFileSync(node, ['-p', 'typeof process.execve'], { encoding: 'utf8' }).trim() === 'function';
      const dataDir = mkdtempSync(join(tmpdir(), 'yardstick-launcher-'));
      // A restart on data (the first start is tested in tests/api/multiProcess.test.ts).
      cpSync(await firstStartData(false), dataDir, { recursive: true });
      const { DATABASE_URL: _url, ...env } = process.env;
      const launcher = spawn(node, ['scripts/start.mjs'], {
        cwd: ROOT,
        env: { ...env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, ADMIN_PASSWORD, SEED_DEMO: '0', LOG_LEVEL: 'warn' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let printed = '';
      launcher.stdout.on('data', (chunk) => (printed += chunk));
      launcher.stderr.on('data', (chunk) => (printed += chunk));
      const exited = new Promise<number | null>((resolve) => launcher.once('exit', (code) => resolve(code)));
      try {
        await expect.poll(() => /running on http:\/\/localhost:(\d+)/.exec(printed)?.[1], { timeout: 60_000 }).toBeDefined();
        const port = /running on http:\/\/localhost:(\d+)/.exec(printed)![1];
        expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);

        const children = childrenOf(launcher.pid!);
        const serverPid = canExec ? launcher.pid! : children[0];
        console.log(
          `${node}: ${canExec ? 'one process' : 'a launcher and its server'}, RSS ${[launcher.pid!, ...children].map((pid) => `${rssMb(pid).toFixed(0)} MB`).join(' + ')}`,
        );
        if (canExec) expect(children).toEqual([]);
        else expect(children).toHaveLength(1);
        expect(commandOf(serverPid)).toContain(join('build', 'server', 'main.mjs'));

        launcher.kill('SIGTERM');
        expect(await exited).toBe(0);
        expect(existsSync(`/proc/${serverPid}`)).toBe(false);
      } finally {
        launcher.kill('SIGKILL');
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    120_000,
  );
});
