/**
 * HTTP load for the list benches: autocannon at 10 connections (a warm-up, then the measured
 * run, sampling a process group's memory meanwhile), peers started as child processes, and
 * signing in to the real server.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import autocannon from 'autocannon';
import { ADMIN_PASSWORD, ROOT } from '../tests/e2e/server';
import { groupRssMb } from './serverStart';

export const CONNECTIONS = 10;
export const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARM_UP_SECONDS = 2;

export interface LoadResult {
  perSecond: number;
  p50: number;
  p99: number;
  /** Responses other than 2xx, and errors (timeouts, resets). */
  failed: number;
  peakRssMb?: number;
}

async function load(url: string, headers: Record<string, string>, seconds: number): Promise<LoadResult> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: seconds, headers });
  return { perSecond: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, failed: result.non2xx + result.errors };
}

/** Warm-up, then the measured run, sampling `pid`'s process group memory meanwhile. */
export async function measured(url: string, headers: Record<string, string> = {}, pid?: number): Promise<LoadResult> {
  await load(url, headers, WARM_UP_SECONDS);
  let peak = 0;
  const sampler = pid ? setInterval(() => (peak = Math.max(peak, groupRssMb(pid))), 250) : undefined;
  try {
    const result = await load(url, headers, SECONDS);
    return pid ? { ...result, peakRssMb: peak } : result;
  } finally {
    clearInterval(sampler);
  }
}

/** A port for a peer, picked at random (the peers take no port 0). */
export const freePort = () => 20000 + Math.floor(Math.random() * 20000);

/** Starts a peer process and resolves once it answers `probe`. */
export async function startPeer(command: string, args: string[], probe: string): Promise<ChildProcess> {
  const child = spawn(command, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let printed = '';
  child.stdout!.on('data', (chunk) => (printed += chunk));
  child.stderr!.on('data', (chunk) => (printed += chunk));
  for (let i = 0; i < 480; i += 1) {
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

export async function signIn(baseUrl: string, username = 'admin', password = ADMIN_PASSWORD): Promise<Record<string, string>> {
  const health = await fetch(`${baseUrl}/api/health`);
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(health.headers.get('set-cookie') ?? '')?.[1] ?? '';
  const login = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf },
    body: JSON.stringify({ username, password }),
  });
  if (!login.ok) throw new Error(`Signing in answered ${login.status}: ${await login.text()}`);
  const { token } = (await login.json()) as { token: string };
  return { authorization: `Bearer ${token}` };
}

/** One GET, which must answer 200 with `key` an array: the count and the page's ids. */
export async function probeList(
  url: string,
  key: string,
  headers: Record<string, string> = {},
): Promise<{ count: number; ids: unknown[] }> {
  const response = await fetch(url, { headers });
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
  const body = (await response.json()) as Record<string, unknown>;
  const rows = body[key];
  if (!Array.isArray(rows)) throw new Error(`${url} has no "${key}" array`);
  return { count: Number(body.count), ids: rows.map((row: { id?: unknown }) => row.id) };
}
