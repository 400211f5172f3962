/**
 * What a server costs to start (BENCH_ONLY=serverStart): the built bundle that `npm start` runs
 * with node, against the same server compiled from TypeScript at start by tsx (the peer, as
 * `npm start` ran it before): time from spawn to the first healthy answer, on a fresh data
 * directory (migrations and first-start data included) and again on the same directory, and
 * the resident memory of the whole process group once idle; then, signed in after each
 * restart, the first list (customers, page 1) and the first proposal PDF (issue 37: 300 ms and
 * 1 s). Real server processes, PGlite, the demo office's data.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildServer, serverStaleReason } from '../scripts/serverBuild.mjs';
import { startServer } from '../tests/e2e/server';
import { recordFigure } from './figures';
import { signIn } from './httpLoad';
import type { BenchTarget } from './targets';

const IDLE_MS = 3000;
const ROUNDS = 3;
/** Issue 37's limits after a restart on existing data. */
const START_LIMIT_MS = 5000;
const FIRST_LIST_LIMIT_MS = 300;
const FIRST_PROPOSAL_LIMIT_MS = 1000;

/** Milliseconds `url` takes to answer 200, signed in with `headers`. */
async function timedGet(url: string, headers: Record<string, string>): Promise<number> {
  const started = performance.now();
  const response = await fetch(url, { headers });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  return performance.now() - started;
}

/** The first list and the first proposal of a server just started (an estimate of the demo office). */
async function firstUse(baseUrl: string) {
  const headers = await signIn(baseUrl);
  const firstListMs = await timedGet(`${baseUrl}/api/customers?sortBy=customer_name&sortDirection=ASC&limit=20&offset=0`, headers);
  const estimates = (await (await fetch(`${baseUrl}/api/estimates?limit=1`, { headers })).json()) as { estimates: { id: number }[] };
  const firstProposalMs = await timedGet(`${baseUrl}/api/estimates/${estimates.estimates[0].id}/generateEstimateProposal`, headers);
  return { firstListMs, firstProposalMs };
}

/** Resident memory of every process in the group, in MB. */
export function groupRssMb(pgid: number): number {
  const out = execFileSync('ps', ['-o', 'rss=', '-g', String(pgid)], { encoding: 'utf8' });
  return out.split('\n').reduce((sum, line) => sum + (Number(line.trim()) || 0), 0) / 1024;
}

async function measure(runtime: 'bundle' | 'source') {
  const dataDir = mkdtempSync(join(tmpdir(), `ys-start-${runtime}-`));
  try {
    let started = Date.now();
    const first = await startServer({ runtime, dataDir, spa: false, seedDemo: true });
    const firstStartMs = Date.now() - started;
    await first.stop();
    const warm: number[] = [];
    const rss: number[] = [];
    const firstLists: number[] = [];
    const firstProposals: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      started = Date.now();
      const server = await startServer({ runtime, dataDir, spa: false });
      warm.push(Date.now() - started);
      await new Promise((wait) => setTimeout(wait, IDLE_MS));
      rss.push(groupRssMb(server.pid));
      const { firstListMs, firstProposalMs } = await firstUse(server.baseUrl);
      firstLists.push(firstListMs);
      firstProposals.push(firstProposalMs);
      await server.stop();
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
    return {
      firstStartMs,
      warmStartMs: median(warm),
      idleRssMb: median(rss),
      firstListMs: median(firstLists),
      firstProposalMs: median(firstProposals),
    };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function serverStartSuite(target: BenchTarget): Promise<void> {
  if (!target.label.startsWith('PGlite')) return console.log('(PGlite only: the server process is what is measured)');
  if (serverStaleReason() && !(await buildServer())) throw new Error('The server build failed.');
  const bundle = await measure('bundle');
  const source = await measure('source');
  const row = (label: string, ours: number, peer: number, unit: string, limit?: number) => {
    recordFigure({
      measure: `server ${label}`,
      target: null,
      unit,
      ours,
      peer,
      peerName: 'TypeScript run by tsx',
      limit,
      higherIsBetter: false,
    });
    console.log(
      `${label.padEnd(34)} ${`${ours.toFixed(0)} ${unit}`.padStart(9)}   tsx: ${`${peer.toFixed(0)} ${unit}`.padStart(9)}   ${(peer / ours).toFixed(2)}×`,
    );
  };
  console.log(`${'measure'.padEnd(34)} ${'bundle'.padStart(9)}   ${'peer'.padStart(14)}   ratio (peer / bundle)`);
  row('first start (fresh data directory)', bundle.firstStartMs, source.firstStartMs, 'ms');
  row(`start (median of ${ROUNDS})`, bundle.warmStartMs, source.warmStartMs, 'ms', START_LIMIT_MS);
  row(`idle memory after ${IDLE_MS / 1000} s (RSS)`, bundle.idleRssMb, source.idleRssMb, 'MB');
  row('first list after a start', bundle.firstListMs, source.firstListMs, 'ms', FIRST_LIST_LIMIT_MS);
  row('first proposal PDF after a start', bundle.firstProposalMs, source.firstProposalMs, 'ms', FIRST_PROPOSAL_LIMIT_MS);
}
