import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * PGlite runs inside one process: a second process opening the same data directory would
 * corrupt it. The server that has it open claims it with a file there naming its process,
 * the process's start time and the directory; the shell commands (backup, restore, user)
 * look before they touch the directory. A claim counts only while it is really that server's:
 * the named process is alive, started when the claim says (Linux: /proc/<pid>/stat, so a
 * reused pid of some unrelated process does not block the start), and the claim names this
 * very directory (a restored or copied directory does not inherit its original's claim).
 * Backups leave the claim out (backup.ts).
 */
export const CLAIM_FILE = 'yardstick-server.claim.json';
/** The claim of earlier versions (a bare pid): never trusted, removed at the next start. */
export const LEGACY_PID_FILE = 'yardstick-server.pid';

interface Claim {
  pid: number;
  /** The process's start time in clock ticks since boot (/proc/<pid>/stat field 22), where known. */
  startTime?: string;
  dataDir: string;
  /** Random: tells one claim from another of the same process. */
  id: string;
}

const claimFile = (dataDir: string) => join(dataDir, CLAIM_FILE);

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** A process's start time from /proc (Linux), or undefined where there is no /proc. */
export function processStartTime(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: count from the last ')'.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

const canonical = (dataDir: string) => {
  try {
    return realpathSync(dataDir);
  } catch {
    return dataDir;
  }
};

function readClaim(dataDir: string): Claim | undefined {
  try {
    const claim = JSON.parse(readFileSync(claimFile(dataDir), 'utf8')) as Claim;
    return Number.isInteger(claim.pid) && claim.pid > 0 && typeof claim.dataDir === 'string' ? claim : undefined;
  } catch {
    return undefined;
  }
}

/** Whether the claim is held by a live server on this directory (see above). */
function isHeld(claim: Claim, dataDir: string): boolean {
  if (claim.pid === process.pid || claim.dataDir !== canonical(dataDir) || !isAlive(claim.pid)) return false;
  const started = processStartTime(claim.pid);
  // Where /proc is available the start time must match; elsewhere a live pid is believed.
  return started === undefined || started === claim.startTime;
}

/** The pid of a live server that has `dataDir` open, if any (a stale, copied or reused claim is ignored). */
export function serverUsing(dataDir: string): number | undefined {
  if (!existsSync(claimFile(dataDir))) return undefined;
  const claim = readClaim(dataDir);
  return claim && isHeld(claim, dataDir) ? claim.pid : undefined;
}

/** Marks `dataDir` as this process's; throws when another live server has it. Returns the release. */
export function claimDataDir(dataDir: string): () => void {
  const other = serverUsing(dataDir);
  if (other) throw new Error(`Another Yardstick server (pid ${other}) is using ${dataDir}: stop it first.`);
  mkdirSync(dataDir, { recursive: true });
  rmSync(join(dataDir, LEGACY_PID_FILE), { force: true });
  const claim: Claim = {
    pid: process.pid,
    startTime: processStartTime(process.pid),
    dataDir: canonical(dataDir),
    id: randomBytes(16).toString('hex'),
  };
  writeFileSync(claimFile(dataDir), `${JSON.stringify(claim)}\n`);
  return () => {
    if (readClaim(dataDir)?.id === claim.id) rmSync(claimFile(dataDir), { force: true });
  };
}

/** For the shell commands: refuses while a server has the directory open. */
export function assertNoServerUsing(dataDir: string, what: string): void {
  const pid = serverUsing(dataDir);
  if (pid) throw new Error(`The server (pid ${pid}) has ${dataDir} open: ${what}.`);
}
