import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * PGlite runs inside one process: a second process opening the same data directory would
 * corrupt it. The server that has it open says so in a pid file there; the shell commands
 * (backup, restore, user) look before they touch the directory.
 */
const PID_FILE = 'yardstick-server.pid';

const pidFile = (dataDir: string) => join(dataDir, PID_FILE);

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The pid of a live server that has `dataDir` open, if any (a killed server's file is ignored). */
export function serverUsing(dataDir: string): number | undefined {
  if (!existsSync(pidFile(dataDir))) return undefined;
  const pid = Number(readFileSync(pidFile(dataDir), 'utf8').trim());
  return Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid) ? pid : undefined;
}

/** Marks `dataDir` as this process's; throws when another live server has it. Returns the release. */
export function claimDataDir(dataDir: string): () => void {
  const other = serverUsing(dataDir);
  if (other) throw new Error(`Another Yardstick server (pid ${other}) is using ${dataDir}: stop it first.`);
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(pidFile(dataDir), `${process.pid}\n`);
  return () => {
    if (existsSync(pidFile(dataDir)) && readFileSync(pidFile(dataDir), 'utf8').trim() === String(process.pid)) rmSync(pidFile(dataDir));
  };
}

/** For the shell commands: refuses while a server has the directory open. */
export function assertNoServerUsing(dataDir: string, what: string): void {
  const pid = serverUsing(dataDir);
  if (pid) throw new Error(`The server (pid ${pid}) has ${dataDir} open: ${what}.`);
}
