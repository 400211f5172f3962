/**
 * Home's costing insights (issue 24, docs/BENCHMARKS.md "Margin and win rate"): the margin of
 * Contract Signed estimates and the win rate by salesperson on 100,000 estimates with their
 * work areas and lines, each statement against a naive peer measured in the same run.
 */
import { eq, sql } from 'drizzle-orm';
import { estimateProfitability, type CostedLine } from '../src/domain/profitability';
import { PROPOSED_STATUSES, signedMargin, winRatePercent, WON_STATUS, LOST_STATUS } from '../src/domain/marginInsights';
import { recentWindowStart } from '../src/domain/insights';
import type { Db } from '../server/db/connection';
import * as tables from '../server/db/entityTables';
import { users } from '../server/db/tables/users';
import { loadCosting } from '../server/estimates/profitability';
import { signedMargins, winRates } from '../server/insights/marginRoutes';
import { recordFigure } from './figures';
import { onFreshDatabase, type BenchTarget } from './targets';
import { seedEstimates } from './seedEstimates';

const rows = Number(process.env.BENCH_ROWS ?? 100_000);
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const SALESPEOPLE = 8;

async function time(run: () => Promise<unknown>): Promise<{ runs: number; meanMs: number }> {
  await run();
  const durations: number[] = [];
  const until = performance.now() + seconds * 1000;
  while (performance.now() < until || durations.length < 3) {
    const started = performance.now();
    await run();
    durations.push(performance.now() - started);
  }
  return { runs: durations.length, meanMs: durations.reduce((sum, d) => sum + d, 0) / durations.length };
}

/** Salespeople, two work areas per estimate (one in five excluded) of two lines each, and the company's rates. */
async function seedCosting(db: Db): Promise<void> {
  await db.execute(sql`
    INSERT INTO users (user_username, user_first_name, user_last_name, user_password_hash)
    SELECT 'sales' || i, 'Sales', 'Person ' || i, 'not a password hash' FROM generate_series(1, ${SALESPEOPLE}) AS g(i)`);
  await db.execute(sql`
    UPDATE estimates SET estimate_salesperson = (SELECT min(user_id) FROM users) + estimate_id % ${SALESPEOPLE + 1},
      estimate_discount = (estimate_id % 4) * 2.5`);
  await db.execute(sql`
    INSERT INTO work_areas (estimate_id, work_area_name, work_area_tax, work_area_is_included, work_area_subtotal)
    SELECT e.estimate_id, 'Area ' || a, 'NJ', NOT (a = 2 AND e.estimate_id % 5 = 0), e.estimate_subtotal / 2
    FROM estimates e CROSS JOIN generate_series(1, 2) AS g(a)`);
  // As the server keeps it: an estimate's subtotal is Σ its included areas' subtotals.
  await db.execute(sql`
    UPDATE estimates e SET estimate_subtotal = a.subtotal
    FROM (SELECT estimate_id, sum(work_area_subtotal) AS subtotal FROM work_areas WHERE work_area_is_included GROUP BY estimate_id) a
    WHERE a.estimate_id = e.estimate_id`);
  await db.execute(sql`
    INSERT INTO work_area_items (work_area_id, work_area_item_name, work_area_item_quantity, work_area_item_total_cost,
      work_area_item_kind, work_area_item_hours_per_unit, work_area_item_labor_hours)
    SELECT w.work_area_id, 'Line ' || l, 1 + w.work_area_id % 30, (w.work_area_subtotal * (0.15 + l * 0.1))::numeric(12, 2),
      CASE WHEN l = 1 THEN 'MATERIAL' ELSE 'LABOR' END, 0.25, (1 + w.work_area_id % 30) * 0.25
    FROM work_areas w CROSS JOIN generate_series(1, 2) AS g(l)`);
  await db.execute(sql`
    INSERT INTO company_profile (company_id, company_name, company_address_1, company_city, company_state, company_labor_rate, company_overhead_per_hour)
    VALUES (1, 'Bench Landscaping', '1 Main St', 'Trenton', 'NJ', 38.5, 11.25)`);
  await db.execute(sql`VACUUM ANALYZE`);
}

/** The naive margin peer: every signed estimate's areas and lines to the application, costed there one by one. */
async function signedMarginsInJs(db: Db, now: Date) {
  const e = tables.estimates;
  const a = tables.workAreas;
  const i = tables.workAreaItems;
  const since = recentWindowStart(now).getTime();
  const costing = await loadCosting(db);
  const signed = await db.select({ id: e.id, createdAt: e.createdAt, discount: e.discount }).from(e).where(eq(e.status, WON_STATUS));
  const areas = await db
    .select({ id: a.id, estimateID: a.estimateID, subtotal: a.subtotal, isIncluded: a.isIncluded })
    .from(a)
    .innerJoin(e, eq(a.estimateID, e.id))
    .where(eq(e.status, WON_STATUS));
  const lines = await db
    .select({ workAreaID: i.workAreaID, totalCost: i.totalCost, laborHours: i.laborHours })
    .from(i)
    .innerJoin(a, eq(i.workAreaID, a.id))
    .innerJoin(e, eq(a.estimateID, e.id))
    .where(eq(e.status, WON_STATUS));
  const linesOf = new Map<number, CostedLine[]>();
  for (const { workAreaID, ...line } of lines) linesOf.set(workAreaID, [...(linesOf.get(workAreaID) ?? []), line]);
  const areasOf = new Map<number, typeof areas>();
  for (const area of areas) areasOf.set(area.estimateID, [...(areasOf.get(area.estimateID) ?? []), area]);
  const sums = { recent: [0, 0n, 0n] as [number, bigint, bigint], all: [0, 0n, 0n] as [number, bigint, bigint] };
  for (const estimate of signed) {
    const p = estimateProfitability(
      {
        discount: estimate.discount,
        areas: (areasOf.get(estimate.id) ?? []).map((area) => ({ ...area, items: linesOf.get(area.id) ?? [] })),
      },
      costing,
    );
    const windows = estimate.createdAt.getTime() >= since ? [sums.recent, sums.all] : [sums.all];
    for (const w of windows) {
      w[0] += 1;
      w[1] += BigInt(Math.round(p.revenue * 100));
      w[2] += BigInt(Math.round(p.cost * 100));
    }
  }
  const finish = ([count, revenue, cost]: [number, bigint, bigint]) => signedMargin(count, Number(revenue) / 100, Number(cost) / 100);
  return { last30Days: finish(sums.recent), allTime: finish(sums.all) };
}

/** The naive win-rate peer: the salespeople, then three counts for each. */
async function winRatesPerSalesperson(db: Db) {
  const e = tables.estimates;
  const people = await db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName }).from(users);
  const answer = [];
  for (const person of people) {
    const countOf = async (statuses: readonly number[]) => {
      const result = (await db.execute(
        sql`SELECT count(*) AS n FROM ${e} WHERE ${e.salesperson} = ${person.id} AND ${e.status} IN (${sql.join(
          statuses.map((s) => sql`${s}`),
          sql`, `,
        )})`,
      )) as unknown as { rows: { n: string | number }[] };
      const [{ n }] = result.rows;
      return Number(n);
    };
    const proposed = await countOf(PROPOSED_STATUSES);
    if (!proposed) continue;
    const won = await countOf([WON_STATUS]);
    const lost = await countOf([LOST_STATUS]);
    answer.push({
      salesperson: person.id,
      name: `${person.firstName} ${person.lastName}`,
      proposed,
      decided: won + lost,
      won,
      lost,
      winRatePercent: winRatePercent(won, lost),
    });
  }
  return answer.sort((x, y) => y.won - x.won || x.name.split(' ')[1].localeCompare(y.name.split(' ')[1]) || x.salesperson - y.salesperson);
}

export async function marginInsightsSuite(target: BenchTarget): Promise<void> {
  await onFreshDatabase(target, async ({ db }) => {
    const seeding = performance.now();
    await seedEstimates(db, { estimates: rows, sites: Math.max(10, Math.floor(rows / 10)), services: 10 });
    await seedCosting(db);
    console.log(
      `${target.label}: seeded ${rows.toLocaleString('en-US')} estimates, 2 areas × 2 lines each, in ${((performance.now() - seeding) / 1000).toFixed(1)} s`,
    );
    const now = new Date();
    const ours = await signedMargins(db, now);
    const peerAnswer = await signedMarginsInJs(db, now);
    if (JSON.stringify(ours) !== JSON.stringify(peerAnswer)) {
      throw new Error(`signed margin: the peer answers differently: ${JSON.stringify(ours)} / ${JSON.stringify(peerAnswer)}`);
    }
    const rates = await winRates(db);
    if (
      JSON.stringify(rates.map((r) => [r.salesperson, r.won, r.lost, r.proposed])) !==
      JSON.stringify((await winRatesPerSalesperson(db)).map((r) => [r.salesperson, r.won, r.lost, r.proposed]))
    ) {
      throw new Error('win rates: the peer answers differently');
    }
    const size = rows.toLocaleString('en-US');
    for (const [measure, run, peerName, peer] of [
      ['signed margin', () => signedMargins(db, now), 'every signed estimate costed in JS', () => signedMarginsInJs(db, now)],
      ['win rate by salesperson', () => winRates(db), 'three counts per salesperson', () => winRatesPerSalesperson(db)],
    ] as const) {
      const a = await time(run);
      const b = await time(peer);
      console.log(
        `  ${measure.padEnd(26)} mean ${a.meanMs.toFixed(1).padStart(8)} ms (${a.runs} runs); peer, ${peerName}: ${b.meanMs.toFixed(1)} ms (${(b.meanMs / a.meanMs).toFixed(2)}x)`,
      );
      recordFigure({
        measure: `home insights, ${measure}, ${size} estimates`,
        target,
        unit: 'ms (mean)',
        ours: a.meanMs,
        peer: b.meanMs,
        peerName,
        limit: 300,
        higherIsBetter: false,
      });
    }
  });
}
