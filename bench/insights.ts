/**
 * Home insights (docs/BENCHMARKS.md "Home insights"): both endpoints' statements on 100,000 estimates, each
 * against the naive way measured in the same run.
 */
import { asc, count, eq, sql } from 'drizzle-orm';
import { estimates, services } from '../src/schema';
import { ESTIMATE_STATUS_IDS } from '../src/domain/estimates';
import { everyStatus, recentWindowStart, type StatusInsight } from '../src/domain/insights';
import { round2 } from '../src/domain/money';
import type { Db } from '../server/db/connection';
import { tableOf } from '../server/db/entityTables';
import { siteServices } from '../server/db/tables/siteServices';
import { estimateInsights, serviceInsights } from '../server/insights/routes';
import { recordFigure } from './figures';
import { onFreshDatabase, type BenchTarget } from './targets';
import { seedEstimates } from './seedEstimates';

const rows = Number(process.env.BENCH_ROWS ?? 100_000);
const seconds = Number(process.env.BENCH_SECONDS ?? 5);

interface Timing {
  label: string;
  runs: number;
  meanMs: number;
  p95Ms: number;
}

async function time(label: string, run: () => Promise<unknown>): Promise<Timing> {
  await run(); // warm caches and plans
  const durations: number[] = [];
  const until = performance.now() + seconds * 1000;
  while (performance.now() < until || durations.length < 3) {
    const started = performance.now();
    await run();
    durations.push(performance.now() - started);
  }
  durations.sort((a, b) => a - b);
  const meanMs = durations.reduce((sum, d) => sum + d, 0) / durations.length;
  return { label, runs: durations.length, meanMs, p95Ms: durations[Math.min(durations.length - 1, Math.floor(durations.length * 0.95))] };
}

/** The naive peer: every estimate's four columns to the application, counted there. */
async function estimateInsightsInJs(db: Db, now: Date) {
  const table = tableOf(estimates.name);
  const since = recentWindowStart(now).getTime();
  const all = await db
    .select({ status: table.status, subtotal: table.subtotal, isArchived: table.isArchived, createdAt: table.createdAt })
    .from(table);
  const lists = {
    current: new Map<number, StatusInsight>(),
    last30Days: new Map<number, StatusInsight>(),
    allTime: new Map<number, StatusInsight>(),
  };
  const add = (list: Map<number, StatusInsight>, status: number, price: number) => {
    const row = list.get(status) ?? { status, count: 0, price: 0 };
    row.count += 1;
    row.price += price;
    list.set(status, row);
  };
  for (const e of all) {
    const status = e.status as number;
    const price = Number(e.subtotal);
    add(lists.allTime, status, price);
    if (!e.isArchived) add(lists.current, status, price);
    if ((e.createdAt as Date).getTime() >= since) add(lists.last30Days, status, price);
  }
  const done = (list: Map<number, StatusInsight>) => everyStatus([...list.values()].map((r) => ({ ...r, price: round2(r.price) })));
  return { current: done(lists.current), last30Days: done(lists.last30Days), allTime: done(lists.allTime) };
}

/** The other naive peer: one count-and-sum statement per status and list (12 round trips). */
async function estimateInsightsPerStatus(db: Db, now: Date) {
  const table = tableOf(estimates.name);
  const since = recentWindowStart(now).toISOString();
  const conditions = {
    current: sql`NOT ${table.isArchived}`,
    last30Days: sql`${table.createdAt} >= ${since}::timestamptz`,
    allTime: sql`true`,
  };
  const result: Record<string, StatusInsight[]> = {};
  for (const [name, condition] of Object.entries(conditions)) {
    result[name] = [];
    for (const status of ESTIMATE_STATUS_IDS) {
      const [row] = await db
        .select({ count: count(), price: sql<number>`coalesce(sum(${table.subtotal}), 0)`.mapWith(Number) })
        .from(table)
        .where(sql`${table.status} = ${status} AND ${condition}`);
      result[name].push({ status, count: row.count, price: round2(row.price) });
    }
  }
  return result;
}

/** The naive services peer: the services, then one count per service. */
async function serviceInsightsPerService(db: Db) {
  const table = tableOf(services.name);
  const all = await db.select({ id: table.id, name: table.name }).from(table).orderBy(asc(table.name));
  const counted = [];
  for (const service of all) {
    const [{ n }] = await db
      .select({ n: count() })
      .from(siteServices)
      .where(eq(siteServices.serviceID, service.id as number));
    counted.push({ id: service.id as number, name: service.name as string, count: n });
  }
  return counted.sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
}

function sameAnswer(label: string, a: unknown, b: unknown): void {
  if (JSON.stringify(a) !== JSON.stringify(b)) throw new Error(`${label}: the peer answers differently`);
}

export async function insightsSuite(target: BenchTarget): Promise<void> {
  await onFreshDatabase(target, async (database) => {
    const { db } = database;
    const seed = { estimates: rows, sites: Math.max(10, Math.floor(rows / 10)), services: 40 };
    const seeding = performance.now();
    await seedEstimates(db, seed);
    const [{ assignments }] = await db.select({ assignments: count() }).from(siteServices);
    console.log(
      `${target.label}: seeded ${rows.toLocaleString('en-US')} estimates on ${seed.sites.toLocaleString('en-US')} sites, ` +
        `${seed.services} services on ${assignments.toLocaleString('en-US')} site assignments in ${((performance.now() - seeding) / 1000).toFixed(1)} s`,
    );
    const now = new Date();
    sameAnswer('estimates in JS', await estimateInsights(db, now), await estimateInsightsInJs(db, now));
    sameAnswer('estimates per status', await estimateInsights(db, now), await estimateInsightsPerStatus(db, now));
    sameAnswer('services per service', await serviceInsights(db), await serviceInsightsPerService(db));

    const results = [
      await time('GET /insights/estimates, one aggregate statement', () => estimateInsights(db, now)),
      await time('  peer: every estimate fetched, counted in JS', () => estimateInsightsInJs(db, now)),
      await time('  peer: one statement per status and list (12)', () => estimateInsightsPerStatus(db, now)),
      await time('GET /insights/services, one aggregate statement', () => serviceInsights(db)),
      await time('  peer: one count per service', () => serviceInsightsPerService(db)),
    ];
    for (const r of results) {
      console.log(
        `  ${r.label.padEnd(52)} mean ${r.meanMs.toFixed(1).padStart(8)} ms   p95 ${r.p95Ms.toFixed(1).padStart(8)} ms   (${r.runs} runs)`,
      );
    }
    const [estimatesSql, inJs, perStatus, servicesSql, perService] = results;
    console.log(`  ratio estimates, peer in JS / Yardstick: ${(inJs.meanMs / estimatesSql.meanMs).toFixed(2)}x`);
    console.log(`  ratio estimates, peer per status / Yardstick: ${(perStatus.meanMs / estimatesSql.meanMs).toFixed(2)}x`);
    console.log(`  ratio services, peer per service / Yardstick: ${(perService.meanMs / servicesSql.meanMs).toFixed(2)}x`);
    const size = rows.toLocaleString('en-US');
    recordFigure({
      measure: `home insights, estimates, ${size} estimates`,
      target,
      unit: 'ms (mean)',
      ours: estimatesSql.meanMs,
      peer: perStatus.meanMs,
      peerName: 'a statement per status',
      limit: 300,
      higherIsBetter: false,
    });
    recordFigure({
      measure: `home insights, services, ${size} estimates`,
      target,
      unit: 'ms (mean)',
      ours: servicesSql.meanMs,
      peer: perService.meanMs,
      peerName: 'a count per service',
      limit: 300,
      higherIsBetter: false,
    });
  });
}
