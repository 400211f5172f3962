import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_BUNDLE, SERVER_NODE_ARGS, serverEnvironment, serverStaleReason } from '../../scripts/serverBuild.mjs';

export const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
export const DIST_INDEX = join(ROOT, 'dist', 'index.html');
export const ADMIN_PASSWORD = 'e2e-admin-password-7431';

const HEALTH_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 10_000;

export interface RunningServer {
  baseUrl: string;
  /** The process (group) id. */
  pid: number;
  /** What the server printed so far (for failure messages). */
  output(): string;
  stop(): Promise<void>;
  /** Kills the server at once (SIGKILL), keeping its data. */
  kill(): Promise<void>;
}

export interface ServerOptions {
  /** Loads the demo company of the first start (SEED_DEMO=1): customers, sites, services, estimates. */
  seedDemo?: boolean;
  /** A data directory of the caller's, kept after stop() (else a fresh one, removed). */
  dataDir?: string;
  /** Serves the built SPA, which must exist (default); false for API-only tests. */
  spa?: boolean;
  /** A PostgreSQL database instead of the embedded one. */
  databaseUrl?: string;
  /** What runs: the built bundle with node, as `npm start` (default), or the sources with tsx (the bench's peer). */
  runtime?: 'bundle' | 'source';
  /** Another build of the server and the SPA (tests/e2e/extendedBuild.ts) instead of the product's. */
  build?: { server: string; spa: string };
  /** More environment, read when the server starts (e.g. SMTP_URL of a mail sink started by then). */
  env?: () => Record<string, string>;
}

function serverEnv(dataDir: string, seedDemo: boolean): NodeJS.ProcessEnv {
  // Always the embedded PGlite on a fresh directory, whatever the calling shell has set.
  const {
    DATABASE_URL: _url,
    JWT_SECRET: _secret,
    GEOCODER_URL: _geocoder,
    SMTP_URL: _smtp,
    MAIL_FROM: _from,
    PUBLIC_URL: _public,
    ...inherited
  } = serverEnvironment();
  return {
    ...inherited,
    // The system picks a free port, and the server prints it: no port is probed, freed and raced for.
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DIST_DIR: join(ROOT, 'dist'),
    ADMIN_PASSWORD,
    SEED_DEMO: seedDemo ? '1' : '0',
    LOG_LEVEL: 'warn',
  };
}

function hasExited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    process.kill(-child.pid!, signal);
  } catch {
    // Already gone.
  }
}

/** The server's own line once it listens (server/main.ts): the port it was given. */
const LISTENING = /Yardstick is running on http:\/\/localhost:(\d+)/;

/** The server's address once it prints that it listens and answers GET /api/health. */
async function waitForHealth(child: ChildProcess, output: () => string): Promise<string> {
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (hasExited(child)) {
      throw new Error(`The server exited (code ${child.exitCode ?? child.signalCode}) before it was ready:\n${output()}`);
    }
    const port = LISTENING.exec(output())?.[1];
    if (port) {
      const baseUrl = `http://127.0.0.1:${port}`;
      try {
        const response = await fetch(`${baseUrl}/api/health`);
        if (response.ok && (await response.json()).ok === true) return baseUrl;
      } catch {
        // Not answering yet.
      }
    }
    await new Promise((wait) => setTimeout(wait, 250));
  }
  throw new Error(`The server did not answer GET /api/health within ${HEALTH_TIMEOUT_MS / 1000} s:\n${output()}`);
}

/**
 * A data directory as the built server leaves it after its first start (migrated, seeded,
 * the admin made), made once per server build, demo choice and day, and copied for each
 * server that would otherwise start on an empty directory: a first start is about 9 s here,
 * a start on a copy about 3 s. The first start itself is tested where it is the subject, on
 * directories of the tests' own (tests/api/multiProcess.test.ts, busyStart, backupRestore).
 */
export async function firstStartData(seedDemo: boolean): Promise<string> {
  const fingerprint = createHash('sha256')
    .update(readFileSync(SERVER_BUNDLE))
    .update(`${seedDemo} ${ADMIN_PASSWORD} ${new Date().toISOString().slice(0, 10)}`)
    .digest('hex')
    .slice(0, 16);
  const template = join(tmpdir(), `yardstick-first-start-${fingerprint}`);
  if (existsSync(template)) return template;
  const making = `${template}.${process.pid}`;
  rmSync(making, { recursive: true, force: true });
  const first = await startServer({ dataDir: making, seedDemo, spa: false });
  await first.stop();
  try {
    renameSync(making, template);
  } catch (error) {
    // Another test file made it meanwhile.
    rmSync(making, { recursive: true, force: true });
    if (!existsSync(template)) throw error;
  }
  return template;
}

/**
 * The real server as `npm start` runs it (the built bundle, with node) serving the built SPA
 * on a free port, with a temporary PGlite data directory, a known admin password and no demo
 * data unless asked.
 */
export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  if (options.spa !== false && !options.build && !existsSync(DIST_INDEX)) {
    throw new Error('dist/index.html is missing: build the SPA first (`npm run build`; `npm test` does it).');
  }
  const fromSource = options.runtime === 'source';
  const stale = fromSource || options.build ? null : serverStaleReason();
  if (stale) throw new Error(`The server bundle is not current (${stale}): \`npm run build:server\` (\`npm test\` does it).`);
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'yardstick-e2e-'));
  const ownAdmin = options.env?.().ADMIN_PASSWORD !== undefined;
  if (!options.dataDir && !fromSource && !options.build && !options.databaseUrl && !ownAdmin) {
    cpSync(await firstStartData(options.seedDemo ?? false), dataDir, { recursive: true });
  }
  let printed = '';
  // Its own process group, so that stop() also ends anything it starts.
  const [command, args] = fromSource
    ? [join(ROOT, 'node_modules', '.bin', 'tsx'), ['server/main.ts']]
    : [process.execPath, [...SERVER_NODE_ARGS, options.build?.server ?? SERVER_BUNDLE]];
  const child = spawn(command, args, {
    cwd: ROOT,
    env: {
      ...serverEnv(dataDir, options.seedDemo ?? false),
      ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
      ...(options.build ? { DIST_DIR: options.build.spa } : {}),
      ...options.env?.(),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  child.stdout!.on('data', (chunk) => (printed += chunk));
  child.stderr!.on('data', (chunk) => (printed += chunk));
  const killOnExit = () => killGroup(child, 'SIGKILL');
  process.once('exit', killOnExit);

  const stop = async () => {
    process.removeListener('exit', killOnExit);
    if (!hasExited(child)) {
      const exited = new Promise((done) => child.once('exit', done));
      killGroup(child, 'SIGTERM');
      const timer = setTimeout(() => killGroup(child, 'SIGKILL'), STOP_TIMEOUT_MS);
      await exited;
      clearTimeout(timer);
    }
    if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
  };

  let baseUrl: string;
  try {
    baseUrl = await waitForHealth(child, () => printed);
  } catch (error) {
    await stop();
    throw error;
  }
  const kill = async () => {
    process.removeListener('exit', killOnExit);
    if (hasExited(child)) return;
    const exited = new Promise((done) => child.once('exit', done));
    killGroup(child, 'SIGKILL');
    await exited;
  };
  return { baseUrl, pid: child.pid!, output: () => printed, stop, kill };
}
