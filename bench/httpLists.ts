/**
 * The office lists through HTTP (BENCH_ONLY=httpLists): an office of BENCH_SCALE × (100k
 * customers, 150k sites, 50k estimates, 1M work-area items) seeded once per target
 * (bench/seedOffice.ts), then each list of bench/officeLists.ts as its screen sends it, at 10
 * connections for BENCH_SECONDS: against the real server (the built bundle, signed in,
 * started once), then in the same run against the naive peer (bench/naivePeerServer.ts: one
 * statement per list with count(*) OVER()) on the same rows, and for customers json-server
 * 0.17 over the rows as JSON. Requests per second, p50 and p99 latency, failed requests, and
 * the server's peak memory under load.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildServer, serverStaleReason } from '../scripts/serverBuild.mjs';
import { ROOT, startServer } from '../tests/e2e/server';
import { CONNECTIONS, freePort, measured, probeList, SECONDS, signIn, startPeer, type LoadResult } from './httpLoad';
import { prepareOfficeDatabase } from './officeDatabase';
import { officeLists, type OfficeList } from './officeLists';
import { recordFigure } from './figures';
import type { BenchTarget } from './targets';

interface ListFigures {
  list: OfficeList;
  /** Rows the search matches, as our server counts them. */
  count: number;
  ours: LoadResult;
  naive: LoadResult;
  jsonServer?: LoadResult;
}

const sameIds = (a: unknown[], b: unknown[]) => a.length === b.length && a.every((id, i) => Number(id) === Number(b[i]));

async function measureOurs(lists: OfficeList[], options: Parameters<typeof startServer>[0]) {
  const server = await startServer({ ...options, spa: false });
  try {
    const headers = await signIn(server.baseUrl);
    const results = [];
    for (const list of lists) {
      const url = `${server.baseUrl}/api/${list.list}?${list.query}`;
      const probe = await probeList(url, list.list, headers);
      results.push({ probe, load: await measured(url, headers, server.pid) });
    }
    return results;
  } finally {
    await server.stop();
  }
}

async function measureNaive(lists: OfficeList[], peerSource: string, ours: { probe: { count: number; ids: unknown[] } }[]) {
  const port = freePort();
  const tsx = join(ROOT, 'node_modules', '.bin', 'tsx');
  const peer = await startPeer(
    tsx,
    ['bench/naivePeerServer.ts', String(port), peerSource],
    `http://127.0.0.1:${port}/customers?searchTerm=zzqx`,
  );
  try {
    const results: LoadResult[] = [];
    for (const [i, list] of lists.entries()) {
      const url = `http://127.0.0.1:${port}/${list.list}?${list.query}`;
      // The peer must answer the same page: same count, same rows in the same order.
      const probe = await probeList(url, list.list);
      if (probe.count !== ours[i].probe.count || !sameIds(probe.ids, ours[i].probe.ids)) {
        console.warn(
          `! ${list.label}: the naive peer answers ${probe.count} matches [${probe.ids.join(',')}], ` +
            `Yardstick ${ours[i].probe.count} [${ours[i].probe.ids.join(',')}]`,
        );
      }
      results.push(await measured(url));
    }
    return results;
  } finally {
    peer.kill('SIGTERM');
  }
}

async function measureJsonServer(lists: OfficeList[], dbJson: string): Promise<(LoadResult | undefined)[]> {
  const port = freePort();
  const command = join(ROOT, 'node_modules', '.bin', 'json-server');
  let child: ChildProcess | undefined;
  try {
    const results: (LoadResult | undefined)[] = [];
    for (const list of lists) {
      if (!list.jsonServer) {
        results.push(undefined);
        continue;
      }
      child ??= await startPeer(command, ['--port', String(port), '--quiet', dbJson], `http://127.0.0.1:${port}/customers?_limit=1`);
      results.push(await measured(`http://127.0.0.1:${port}/${list.list}?${list.jsonServer}`));
    }
    return results;
  } finally {
    child?.kill('SIGKILL');
  }
}

function printTable(figures: ListFigures[]): void {
  const cell = (text: string, width: number) => text.padStart(width);
  const latency = (r: LoadResult) => `${r.p50}/${r.p99}`;
  const widths = [8, 9, 10, 7, 12, 13, 8, 19];
  const row = (cells: string[]) =>
    console.log(
      cells[0].padEnd(34) +
        cells
          .slice(1)
          .map((c, i) => cell(c, widths[i]))
          .join(' '),
    );
  row([
    'list (page as the screen asks)',
    'matches',
    'ours r/s',
    'naive r/s',
    'ratio',
    'ours p50/99',
    'naive p50/99',
    'failed',
    'json-srv r/s',
  ]);
  for (const { list, count, ours, naive, jsonServer } of figures) {
    row([
      list.label,
      String(count),
      ours.perSecond.toFixed(1),
      naive.perSecond.toFixed(1),
      `${(ours.perSecond / naive.perSecond).toFixed(2)}×`,
      latency(ours),
      latency(naive),
      `${ours.failed}/${naive.failed}${jsonServer ? `/${jsonServer.failed}` : ''}`,
      jsonServer ? `${jsonServer.perSecond.toFixed(1)} (${latency(jsonServer)})` : '',
    ]);
  }
  const peak = Math.max(...figures.map((f) => f.ours.peakRssMb ?? 0));
  console.log(
    `Yardstick server peak memory under load: ${peak.toFixed(0)} MB. Latency in ms; failed = non-2xx or errors (ours/naive/json-server).`,
  );
}

/**
 * The issues' targets: throughput against json-server (issue 37: 20× on PGlite, 30× on
 * PostgreSQL), the p99 on PostgreSQL (50 ms), memory on PGlite, 5× the naive peer (issue 13).
 */
function recordListFigures(target: BenchTarget, figures: ListFigures[]): void {
  const onPglite = target.label.startsWith('PGlite');
  for (const { list, ours, naive, jsonServer } of figures) {
    const atLeastFiveTimes = list.list === 'estimates' || list.list === 'operations' ? 5 * naive.perSecond : undefined;
    recordFigure({
      measure: `HTTP ${list.label}`,
      target,
      unit: 'requests/s',
      ours: ours.perSecond,
      peer: naive.perSecond,
      peerName: 'naive query over node:http',
      limit: atLeastFiveTimes,
      higherIsBetter: true,
    });
    if (jsonServer) {
      recordFigure({
        measure: `HTTP ${list.label}`,
        target,
        unit: 'requests/s',
        ours: ours.perSecond,
        peer: jsonServer.perSecond,
        peerName: 'json-server 0.17',
        limit: (onPglite ? 20 : 30) * jsonServer.perSecond,
        higherIsBetter: true,
      });
      recordFigure({
        measure: `HTTP ${list.label}, p99 latency`,
        target,
        unit: 'ms',
        ours: ours.p99,
        peer: jsonServer.p99,
        peerName: 'json-server 0.17',
        limit: onPglite ? undefined : 50,
        higherIsBetter: false,
      });
    }
  }
  const peak = Math.max(...figures.map((f) => f.ours.peakRssMb ?? 0));
  recordFigure({
    measure: 'server peak memory under the HTTP list load',
    target,
    unit: 'MB',
    ours: peak,
    limit: onPglite ? 400 : undefined,
    higherIsBetter: false,
  });
}

export async function httpListsSuite(target: BenchTarget): Promise<void> {
  const kind = target.label.startsWith('PGlite') ? 'pglite' : 'postgres';
  if (serverStaleReason() && !(await buildServer())) throw new Error('The server build failed.');
  const workDir = mkdtempSync(join(tmpdir(), 'ys-http-'));
  try {
    const office = await prepareOfficeDatabase(kind, workDir);
    try {
      const { customers, sites, estimates } = office.size;
      console.log(
        `seeded ${customers} customers, ${sites} sites, ${estimates} estimates (×20 work-area items) in ${office.seedSeconds.toFixed(0)} s; ` +
          `${CONNECTIONS} connections, ${SECONDS} s per list, started ${new Date().toISOString()}`,
      );
      const lists = officeLists(office.filteredServiceId);
      const ours = await measureOurs(lists, office.server);
      const naive = await measureNaive(lists, office.peerSource, ours);
      const jsonServer = await measureJsonServer(lists, office.dbJson);
      const figures = lists.map((list, i) => ({
        list,
        count: ours[i].probe.count,
        ours: ours[i].load,
        naive: naive[i],
        jsonServer: jsonServer[i],
      }));
      printTable(figures);
      recordListFigures(target, figures);
    } finally {
      await office.drop();
    }
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
}
