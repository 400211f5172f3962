/**
 * The footprint (BENCH_ONLY=footprint, issue 37): the server as `npm start` runs it (the built
 * bundle on PGlite, with its heavy-work thread) on the office of 100,000 customers, its
 * resident memory (every process of its group) once idle, at its peak under 50 clients
 * asking the office lists mixed (customers, sites, estimates, operations; broad and rare
 * searches, the screens' pages), right after, and two minutes after, when it must be back
 * within 10 % of idle. The peer is json-server 0.17 holding the same customers, under the
 * same 50 clients asking its customers list the same way, measured in the same run.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { buildServer, serverStaleReason } from '../scripts/serverBuild.mjs';
import { ROOT, startServer } from '../tests/e2e/server';
import { recordFigure } from './figures';
import { freePort, signIn, startPeer } from './httpLoad';
import { officeLists } from './officeLists';
import { prepareOfficeDatabase } from './officeDatabase';
import { groupRssMb } from './serverStart';
import type { BenchTarget } from './targets';

const CLIENTS = 50;
const LOAD_SECONDS = Number(process.env.BENCH_MIXED_SECONDS ?? 20);
const IDLE_MS = 10_000;
const SETTLE_MS = 120_000;
/** Issue 37: all of the processes together, idle and after the load; back within 10 % of idle. */
const RSS_LIMIT_MB = 300;
const SETTLED_WITHIN = 1.1;

interface Footprint {
  idleMb: number;
  peakMb: number;
  afterMb: number;
  settledMb: number;
  perSecond: number;
  failed: number;
}

/** One process's resident memory, in MB (json-server is one process, in the bench's group). */
const processRssMb = (pid: number) => Number(execFileSync('ps', ['-o', 'rss=', '-p', String(pid)], { encoding: 'utf8' }).trim()) / 1024;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Idle, then `CLIENTS` clients on `paths` in turn for `LOAD_SECONDS`, then the memory as it settles. */
async function footprintOf(rssMb: () => number, baseUrl: string, paths: string[], headers: Record<string, string>): Promise<Footprint> {
  await pause(IDLE_MS);
  const idleMb = rssMb();
  let peakMb = idleMb;
  const sampler = setInterval(() => (peakMb = Math.max(peakMb, rssMb())), 250);
  let request = 0;
  const result = await autocannon({
    url: baseUrl,
    connections: CLIENTS,
    duration: LOAD_SECONDS,
    headers,
    requests: [{ setupRequest: (req) => ({ ...req, method: 'GET', path: paths[request++ % paths.length] }) }],
  });
  clearInterval(sampler);
  const afterMb = rssMb();
  await pause(SETTLE_MS);
  return {
    idleMb,
    peakMb,
    afterMb,
    settledMb: rssMb(),
    perSecond: result.requests.average,
    failed: result.non2xx + result.errors,
  };
}

export async function footprintSuite(target: BenchTarget): Promise<void> {
  if (!target.label.startsWith('PGlite')) return console.log('  (PGlite only: the embedded default is what is measured)');
  if (serverStaleReason() && !(await buildServer())) throw new Error('The server build failed.');
  const workDir = mkdtempSync(join(tmpdir(), 'ys-footprint-'));
  try {
    const office = await prepareOfficeDatabase('pglite', workDir);
    try {
      const lists = officeLists(office.filteredServiceId);
      const server = await startServer({ ...office.server, spa: false });
      let ours: Footprint;
      try {
        const headers = await signIn(server.baseUrl);
        ours = await footprintOf(
          () => groupRssMb(server.pid),
          server.baseUrl,
          lists.map((list) => `/api/${list.list}?${list.query}`),
          headers,
        );
      } finally {
        await server.stop();
      }
      const port = freePort();
      const peerUrl = `http://127.0.0.1:${port}`;
      const peerProcess = await startPeer(
        join(ROOT, 'node_modules', '.bin', 'json-server'),
        ['--port', String(port), '--quiet', office.dbJson],
        `${peerUrl}/customers?_limit=1`,
      );
      let peer: Footprint;
      try {
        const peerPaths = lists.flatMap((list) =>
          list.jsonServer ? [`/customers?${list.jsonServer}`, '/customers?q=zzqx&_limit=20'] : [],
        );
        peer = await footprintOf(() => processRssMb(peerProcess.pid!), peerUrl, peerPaths, {});
      } finally {
        peerProcess.kill('SIGKILL');
      }
      const row = (name: string, f: Footprint) =>
        console.log(
          `  ${name}: idle ${f.idleMb.toFixed(0)} MB, peak ${f.peakMb.toFixed(0)} MB under ${CLIENTS} clients ` +
            `(${f.perSecond.toFixed(0)} req/s, ${f.failed} failed), ${f.afterMb.toFixed(0)} MB right after, ` +
            `${f.settledMb.toFixed(0)} MB ${SETTLE_MS / 1000} s after (${((f.settledMb / f.idleMb - 1) * 100).toFixed(1)} % over idle)`,
        );
      row('Yardstick', ours);
      row('json-server', peer);
      const figure = { target, unit: 'MB', peerName: 'json-server 0.17', higherIsBetter: false };
      recordFigure({
        ...figure,
        measure: 'server memory idle (100,000 customers)',
        ours: ours.idleMb,
        peer: peer.idleMb,
        limit: RSS_LIMIT_MB,
      });
      recordFigure({ ...figure, measure: `server memory at the peak of ${CLIENTS} clients`, ours: ours.peakMb, peer: peer.peakMb });
      recordFigure({
        ...figure,
        measure: `server memory right after ${CLIENTS} clients`,
        ours: ours.afterMb,
        peer: peer.afterMb,
        limit: RSS_LIMIT_MB,
      });
      recordFigure({
        ...figure,
        measure: `server memory ${SETTLE_MS / 1000} s after, over idle`,
        unit: 'ratio',
        ours: ours.settledMb / ours.idleMb,
        peer: peer.settledMb / peer.idleMb,
        limit: SETTLED_WITHIN,
      });
    } finally {
      await office.drop();
    }
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
}
