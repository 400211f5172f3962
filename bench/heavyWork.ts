/**
 * Heavy work beside everyone else (BENCH_ONLY=heavyWork): an office of 100,000 customers and a
 * 200-area estimate; the real server (the built bundle) with its heavy-work threads, against
 * the same server doing that work on its event loop (HEAVY_WORK_THREADS=0, as it did before),
 * measured in the same run.
 * 1. Five users each print the 200-area proposal and export the 100,000 customers as XLSX at
 *    once, while another user opens the customers list again and again: that user's p99.
 * 2. Fifty clients of ten users for BENCH_MIXED_SECONDS: lists, searches, an estimate, the
 *    materials list and a customers CSV export, mixed; the server's peak resident memory
 *    (every thread) and its memory twenty seconds after the load.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { ensureAdmin } from '../server/auth/bootstrap';
import { createUser } from '../server/auth/users';
import { migrateDatabase } from '../server/db/migrate';
import { buildServer, serverStaleReason } from '../scripts/serverBuild.mjs';
import { ADMIN_PASSWORD, startServer, type ServerOptions } from '../tests/e2e/server';
import { longAreas } from '../tests/helpers/longProposal';
import { seedEstimate } from '../tests/helpers/seedEstimate';
import { recordFigure } from './figures';
import { signIn } from './httpLoad';
import { seedCustomers } from './seedCustomers';
import { groupRssMb } from './serverStart';
import { openServerDatabase } from './officeDatabase';
import type { BenchTarget } from './targets';

const CUSTOMERS = Number(process.env.BENCH_EXPORT_ROWS ?? 100_000);
const AREAS = 200;
const HEAVY_USERS = 5;
const MIXED_USERS = 10;
const MIXED_CLIENTS = 50;
const MIXED_SECONDS = Number(process.env.BENCH_MIXED_SECONDS ?? 20);
const AFTER_MS = 20_000;
const USER_PASSWORD = 'bench-password-1';
const P99_LIMIT_MS = 250;
const RSS_LIMIT_MB = 500;

interface Office {
  server: ServerOptions;
  estimateID: number;
  drop(): Promise<void>;
}

export async function prepareOffice(kind: 'pglite' | 'postgres', workDir: string): Promise<Office> {
  const { database, server, drop } = await openServerDatabase(kind, workDir);
  try {
    await migrateDatabase(database);
    await ensureAdmin(database.db, ADMIN_PASSWORD, () => {});
    for (let n = 1; n <= MIXED_USERS; n++) {
      await createUser(database.db, { username: `user${n}`, firstName: 'Load', lastName: `User ${n}`, password: USER_PASSWORD });
    }
    await seedCustomers(database.db, CUSTOMERS);
    const { estimateID } = await seedEstimate(database.db, longAreas(AREAS, 25), 5);
    await database.close();
    return { server, estimateID, drop };
  } catch (error) {
    await database.close().catch(() => {});
    await drop();
    throw error;
  }
}

export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];

async function drain(response: Response): Promise<number> {
  if (!response.ok) throw new Error(`${response.url} answered ${response.status}: ${await response.text()}`);
  return (await response.arrayBuffer()).byteLength;
}

interface Measured {
  p50: number;
  p99: number;
  slowest: number;
  probes: number;
  heavySeconds: number;
  peakMb: number;
  mixedPeakMb: number;
  mixedAfterMb: number;
  mixedPerSecond: number;
}

async function measure(office: Office, threads: string | undefined): Promise<Measured> {
  const server = await startServer({
    ...office.server,
    spa: false,
    env: (): Record<string, string> => (threads === undefined ? {} : { HEAVY_WORK_THREADS: threads }),
  });
  try {
    const base = server.baseUrl;
    const users: Record<string, string>[] = [];
    for (let n = 1; n <= MIXED_USERS; n++) users.push(await signIn(base, `user${n}`, USER_PASSWORD));
    const probeUser = await signIn(base);
    const get = (path: string, headers: Record<string, string>) => fetch(`${base}${path}`, { headers });
    // A document or export that outlasts the request's wait answers 202 with its job (issue 36): followed to its file.
    const download = async (path: string, headers: Record<string, string>): Promise<number> => {
      const response = await get(path, headers);
      if (response.status !== 202) return drain(response);
      const { jobID } = (await response.json()) as { jobID: number };
      for (;;) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        const job = (await (await get(`/api/jobs/${jobID}`, headers)).json()) as { status: string; error?: string };
        if (job.status === 'done') return drain(await get(`/api/jobs/${jobID}/file`, headers));
        if (job.status === 'failed' || job.status === 'cancelled') throw new Error(`${path}: its job ${job.status}: ${job.error}`);
      }
    };

    // 1. Five proposals and five exports, and another user's list meanwhile.
    let peakMb = 0;
    const sampler = setInterval(() => (peakMb = Math.max(peakMb, groupRssMb(server.pid))), 250);
    const started = performance.now();
    const heavy = Promise.all(
      users
        .slice(0, HEAVY_USERS)
        .flatMap((headers) => [
          download(`/api/estimates/${office.estimateID}/generateEstimateProposal?printType=WORK_AREA_PRICE_ONLY`, headers),
          download('/api/customers/export?format=xlsx', headers),
        ]),
    );
    let done = false;
    void heavy.finally(() => (done = true)).catch(() => {});
    const latencies: number[] = [];
    while (!done) {
      const at = performance.now();
      await drain(await get('/api/customers?limit=25&sort=name&order=ASC', probeUser));
      latencies.push(performance.now() - at);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    await heavy;
    const heavySeconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    latencies.sort((a, b) => a - b);

    // 2. The mixed load: each request is one of ten users'.
    let request = 0;
    const mix = [
      '/api/customers?limit=25&sort=name&order=ASC',
      '/api/customers?limit=25&searchTerm=land',
      '/api/sites?limit=25',
      '/api/estimates?limit=25',
      `/api/estimates/${office.estimateID}`,
      '/api/customers?limit=25&offset=5000',
      `/api/estimates/${office.estimateID}/generateMaterialsPDF`,
      '/api/customers?limit=25&searchTerm=oak',
      '/api/customers/export?format=csv',
      '/api/services?limit=25',
    ];
    let mixedPeakMb = 0;
    const mixedSampler = setInterval(() => (mixedPeakMb = Math.max(mixedPeakMb, groupRssMb(server.pid))), 250);
    const result = await autocannon({
      url: base,
      connections: MIXED_CLIENTS,
      duration: MIXED_SECONDS,
      requests: [
        {
          setupRequest: (req) => {
            const n = request++;
            return { ...req, method: 'GET', path: mix[n % mix.length], headers: { ...users[n % users.length] } };
          },
        },
      ],
    });
    clearInterval(mixedSampler);
    await new Promise((resolve) => setTimeout(resolve, AFTER_MS));
    const mixedAfterMb = groupRssMb(server.pid);
    return {
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      slowest: latencies[latencies.length - 1],
      probes: latencies.length,
      heavySeconds,
      peakMb,
      mixedPeakMb,
      mixedAfterMb,
      mixedPerSecond: result.requests.average,
    };
  } finally {
    await server.stop();
  }
}

export async function heavyWorkSuite(target: BenchTarget): Promise<void> {
  const kind = target.label.startsWith('PGlite') ? 'pglite' : 'postgres';
  if (serverStaleReason() && !(await buildServer())) throw new Error('The server build failed.');
  const workDir = mkdtempSync(join(tmpdir(), 'ys-heavy-'));
  try {
    const office = await prepareOffice(kind, workDir);
    try {
      const ours = await measure(office, undefined);
      const peer = await measure(office, '0');
      const peerName = 'work on the event loop';
      const row = (label: string, m: Measured) =>
        console.log(
          `${target.label} ${label}: customers list p50 ${m.p50.toFixed(0)} ms, p99 ${m.p99.toFixed(0)} ms, slowest ${m.slowest.toFixed(0)} ms ` +
            `(${m.probes} lists while 5 proposals of ${AREAS} areas and 5 exports of ${CUSTOMERS} customers took ${m.heavySeconds.toFixed(1)} s, ` +
            `peak ${m.peakMb.toFixed(0)} MB); ${MIXED_CLIENTS} clients mixed: ${m.mixedPerSecond.toFixed(0)} req/s, ` +
            `peak ${m.mixedPeakMb.toFixed(0)} MB, ${m.mixedAfterMb.toFixed(0)} MB ${AFTER_MS / 1000} s after`,
        );
      row('worker threads', ours);
      row('on the event loop', peer);
      recordFigure({
        measure: "another user's list p99 during 5 proposals + 5 exports",
        target,
        unit: 'ms',
        ours: ours.p99,
        peer: peer.p99,
        peerName,
        limit: P99_LIMIT_MS,
        higherIsBetter: false,
      });
      recordFigure({
        measure: `peak memory under ${MIXED_CLIENTS} clients mixed`,
        target,
        unit: 'MB',
        ours: ours.mixedPeakMb,
        peer: peer.mixedPeakMb,
        peerName,
        limit: kind === 'pglite' ? RSS_LIMIT_MB : undefined,
        higherIsBetter: false,
      });
      recordFigure({
        measure: `memory ${AFTER_MS / 1000} s after the mixed load`,
        target,
        unit: 'MB',
        ours: ours.mixedAfterMb,
        peer: peer.mixedAfterMb,
        peerName,
        higherIsBetter: false,
      });
    } finally {
      await office.drop();
    }
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
}
