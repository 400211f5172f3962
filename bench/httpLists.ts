/**
 * A list through HTTP (BENCH_ONLY=httpLists): the broad customers search ("land", about a
 * fifth of BENCH_ROWS customers, page 3 of 20) at 10 connections for BENCH_SECONDS, against
 * the real server (the built bundle, signed in), in the same run as two peers on the same
 * rows: the naive query behind a bare node:http server (bench/naivePeerServer.ts) and
 * json-server 0.17 over the rows as JSON. Requests per second, p50 and p99 latency, and the
 * server's peak memory under load.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { createPglite, openDatabase, type Database } from '../server/db/connection';
import { migrateDatabase } from '../server/db/migrate';
import { buildServer, serverStaleReason } from '../scripts/serverBuild.mjs';
import { ADMIN_PASSWORD, ROOT, startServer, type ServerOptions } from '../tests/e2e/server';
import { seedCustomers } from './seedCustomers';
import { groupRssMb } from './serverStart';
import { createPostgresDatabase, type BenchTarget } from './targets';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 10;
const TERM = 'land';

interface LoadResult {
  perSecond: number;
  p50: number;
  p99: number;
  failed: number;
}

async function load(url: string, headers: Record<string, string> = {}, seconds = SECONDS): Promise<LoadResult> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: seconds, headers });
  return { perSecond: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, failed: result.non2xx + result.errors };
}

/** Warm-up, then the measured run, sampling `pid`'s process group memory meanwhile. */
async function measured(url: string, headers: Record<string, string>, pid?: number): Promise<LoadResult & { peakRssMb?: number }> {
  await load(url, headers, 2);
  let peak = 0;
  const sampler = pid ? setInterval(() => (peak = Math.max(peak, groupRssMb(pid))), 250) : undefined;
  try {
    const result = await load(url, headers);
    return pid ? { ...result, peakRssMb: peak } : result;
  } finally {
    clearInterval(sampler);
  }
}

/** A database of `kind` with the rows; the server's options, the peer's source and the rows as json-server's db.json. */
async function prepare(kind: 'pglite' | 'postgres', workDir: string) {
  let database: Database;
  let server: ServerOptions;
  let peerSource: string;
  let drop = async () => {};
  if (kind === 'pglite') {
    const dataDir = join(workDir, 'data');
    const client = await createPglite(dataDir);
    database = await openDatabase({ pglite: client });
    server = { dataDir };
    peerSource = join(workDir, 'peer-data');
  } else {
    const created = await createPostgresDatabase(process.env.DATABASE_URL!);
    database = await openDatabase({ databaseUrl: created.url, poolSize: 2 });
    server = { databaseUrl: created.url };
    peerSource = created.url;
    drop = created.drop;
  }
  await migrateDatabase(database);
  await seedCustomers(database.db, ROWS);
  const { rows } = (await database.db.execute(sql`
    SELECT customer_id AS id, customer_name AS name, customer_address_1 AS "address1", customer_city AS city,
           customer_state AS state, customer_zip AS zip, customer_type AS type
    FROM customers`)) as unknown as { rows: unknown[] };
  const dbJson = join(workDir, 'db.json');
  writeFileSync(dbJson, JSON.stringify({ customers: rows }));
  await database.close();
  if (kind === 'pglite') cpSync(server.dataDir!, peerSource, { recursive: true });
  return { server, peerSource, dbJson, drop };
}

/** Starts a peer process and resolves once it answers `probe`. */
async function startPeer(command: string, args: string[], probe: string): Promise<ChildProcess> {
  const child = spawn(command, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let printed = '';
  child.stdout!.on('data', (chunk) => (printed += chunk));
  child.stderr!.on('data', (chunk) => (printed += chunk));
  for (let i = 0; i < 240; i += 1) {
    if (child.exitCode !== null) throw new Error(`${command} exited: ${printed}`);
    try {
      if ((await fetch(probe)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((wait) => setTimeout(wait, 250));
  }
  child.kill('SIGKILL');
  throw new Error(`${command} did not answer ${probe}: ${printed}`);
}

async function signIn(baseUrl: string): Promise<Record<string, string>> {
  const health = await fetch(`${baseUrl}/api/health`);
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(health.headers.get('set-cookie') ?? '')?.[1] ?? '';
  const login = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf },
    body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
  });
  const { token } = (await login.json()) as { token: string };
  return { authorization: `Bearer ${token}` };
}

const freePort = () => 20000 + Math.floor(Math.random() * 20000);

export async function httpListsSuite(target: BenchTarget): Promise<void> {
  const kind = target.label.startsWith('PGlite') ? 'pglite' : 'postgres';
  if (serverStaleReason() && !(await buildServer())) throw new Error('The server build failed.');
  const workDir = mkdtempSync(join(tmpdir(), 'ys-http-'));
  const { server: serverOptions, peerSource, dbJson, drop } = await prepare(kind, workDir);
  const children: ChildProcess[] = [];
  try {
    const query = `searchTerm=${TERM}&sortBy=customer_name&sortDirection=ASC&limit=20&offset=40`;
    const server = await startServer({ ...serverOptions, spa: false });
    const headers = await signIn(server.baseUrl);
    const ours = await measured(`${server.baseUrl}/api/customers?${query}`, headers, server.pid);
    await server.stop();

    const peerPort = freePort();
    children.push(await startPeer(join(ROOT, 'node_modules', '.bin', 'tsx'), ['bench/naivePeerServer.ts', String(peerPort), peerSource], `http://127.0.0.1:${peerPort}/customers?searchTerm=zzqx`));
    const naive = await measured(`http://127.0.0.1:${peerPort}/customers?${query}`, {});
    children.pop()!.kill('SIGTERM');

    const jsonPort = freePort();
    children.push(await startPeer(join(ROOT, 'node_modules', '.bin', 'json-server'), ['--port', String(jsonPort), '--quiet', dbJson], `http://127.0.0.1:${jsonPort}/customers?_limit=1`));
    const jsonServer = await measured(`http://127.0.0.1:${jsonPort}/customers?q=${TERM}&_sort=name&_page=3&_limit=20`, {});

    const line = (label: string, a: string, b: string, c: string, ratios = '') =>
      console.log(`${label.padEnd(30)} ${a.padStart(11)} ${b.padStart(11)} ${c.padStart(12)}   ${ratios}`);
    console.log(`broad search "${TERM}", page 3, ${ROWS.toLocaleString('en-US')} customers, ${CONNECTIONS} connections, ${SECONDS} s`);
    line('measure', 'Yardstick', 'naive peer', 'json-server', 'Yardstick vs naive, vs json-server');
    line('requests/s', ours.perSecond.toFixed(1), naive.perSecond.toFixed(1), jsonServer.perSecond.toFixed(1),
      `${(ours.perSecond / naive.perSecond).toFixed(2)}×, ${(ours.perSecond / jsonServer.perSecond).toFixed(2)}×`);
    line('p50 latency (ms)', String(ours.p50), String(naive.p50), String(jsonServer.p50));
    line('p99 latency (ms)', String(ours.p99), String(naive.p99), String(jsonServer.p99));
    line('server peak memory (MB)', ours.peakRssMb!.toFixed(0), '', '');
    line('failed requests', String(ours.failed), String(naive.failed), String(jsonServer.failed));
  } finally {
    for (const child of children) child.kill('SIGKILL');
    await drop();
    rmSync(workDir, { recursive: true, force: true });
  }
}
