import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { createPglite } from './connection';
import { withoutEntries } from './backupArchive';
import { CLAIM_FILE, LEGACY_PID_FILE } from './dataDirOwner';

/**
 * Backups of the embedded database: a gzipped tarball of the PGlite data directory, taken
 * with PGlite's dumpDataDir while no query runs (it holds PGlite's lock), so it is a
 * consistent snapshot even while the server is serving: a transaction in flight at that
 * moment is rolled back when the backup is restored, like after a power cut.
 *
 * A running server owns the directory, so `npm run backup` asks it (a request file and
 * SIGUSR2) and waits for its answer; with no server running it opens the directory itself.
 */
const REQUEST_FILE = 'backup-request.json';
const answerFile = (id: string) => `backup-answer-${id}.json`;
/** The running server's files in the directory: its claim and the backup handshake, never data. */
const SERVER_FILES = new Set([CLAIM_FILE, LEGACY_PID_FILE, REQUEST_FILE]);
const isServerFile = (name: string) =>
  SERVER_FILES.has(name.replace(/\.partial$/, '')) || /^backup-answer-.*\.json(\.partial)?$/.test(name);

export interface BackupAnswer {
  ok: boolean;
  file?: string;
  bytes?: number;
  ms?: number;
  error?: string;
}

/**
 * Writes `content` to `file` whole or not at all (a temporary file renamed over it), so the
 * other side of the handshake, polling for the file, never reads it half written.
 */
function writeWhole(file: string, content: Buffer | string): void {
  mkdirSync(dirname(file), { recursive: true });
  const partial = `${file}.partial`;
  writeFileSync(partial, content);
  renameSync(partial, file);
}

export async function dumpTo(client: PGlite, file: string): Promise<BackupAnswer> {
  const started = performance.now();
  const dumped = Buffer.from(await (await client.dumpDataDir('gzip')).arrayBuffer());
  const archive = withoutEntries(dumped, SERVER_FILES);
  writeWhole(file, archive);
  return { ok: true, file, bytes: archive.length, ms: Math.round(performance.now() - started) };
}

/** The server's side: answers the pending request in `dataDir` (called on SIGUSR2). */
export async function answerBackupRequest(client: PGlite, dataDir: string): Promise<void> {
  const requestPath = join(dataDir, REQUEST_FILE);
  if (!existsSync(requestPath)) return;
  const { id, file } = JSON.parse(readFileSync(requestPath, 'utf8')) as { id: string; file: string };
  rmSync(requestPath, { force: true });
  let answer: BackupAnswer;
  try {
    answer = await dumpTo(client, file);
  } catch (error) {
    answer = { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
  writeWhole(join(dataDir, answerFile(id)), JSON.stringify(answer));
}

/** The shell's side with a server running: asks it for a backup into `file` and waits. */
export async function requestBackup(dataDir: string, serverPid: number, file: string, timeoutMs = 300_000): Promise<BackupAnswer> {
  const id = `${process.pid}-${Date.now()}`;
  writeWhole(join(dataDir, REQUEST_FILE), JSON.stringify({ id, file }));
  process.kill(serverPid, 'SIGUSR2');
  const answerPath = join(dataDir, answerFile(id));
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (existsSync(answerPath)) {
      const answer = JSON.parse(readFileSync(answerPath, 'utf8')) as BackupAnswer;
      rmSync(answerPath, { force: true });
      return answer;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { ok: false, error: `the server (pid ${serverPid}) did not answer within ${timeoutMs / 1000} s` };
}

/** With no server running: opens the directory and dumps it. */
export async function backupDirectly(dataDir: string, file: string): Promise<BackupAnswer> {
  const client = await createPglite(dataDir);
  try {
    return await dumpTo(client, file);
  } finally {
    await client.close();
  }
}

/**
 * Replaces the data directory with the backup's (no server may be running): the current
 * directory is kept beside it as `<dir>.before-restore-<time>`, and the backup is opened once
 * to check that PostgreSQL starts on it.
 */
export async function restoreFrom(dataDir: string, file: string, now = new Date()): Promise<{ keptAs?: string }> {
  const archive = readFileSync(file);
  const staging = `${dataDir}.restoring`;
  rmSync(staging, { recursive: true, force: true });
  const client = await createPglite(staging, new Blob([archive]));
  await client.query('SELECT 1');
  await client.close();
  // A backup taken before claims were left out may still carry the server's files.
  for (const name of readdirSync(staging)) if (isServerFile(name)) rmSync(join(staging, name), { force: true });
  let keptAs: string | undefined;
  if (existsSync(dataDir) && readdirSync(dataDir).length) {
    keptAs = `${dataDir}.before-restore-${now.toISOString().replace(/[:.]/g, '-')}`;
    renameSync(dataDir, keptAs);
  } else rmSync(dataDir, { recursive: true, force: true });
  renameSync(staging, dataDir);
  return { keptAs };
}
