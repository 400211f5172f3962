/**
 * List-query throughput against the naive peer (docs/BENCHMARKS.md) at 1k, 20k and 100k
 * customers (BENCH_ROWS=<n> measures one size), each size on a fresh database.
 */
import type { BenchTarget } from './targets';
import { onFreshDatabase } from './targets';
import { seedCustomers } from './seedCustomers';
import { benchListQueries, indexNaivePeer } from './listQuery.bench';
import { recordFigure } from './figures';

const sizes = process.env.BENCH_ROWS ? [Number(process.env.BENCH_ROWS)] : [1_000, 20_000, 100_000];
const seconds = Number(process.env.BENCH_SECONDS ?? 3);

export async function listQuerySuite(target: BenchTarget): Promise<void> {
  for (const rows of sizes) {
    await onFreshDatabase(target, async (database) => {
      const seeding = performance.now();
      await seedCustomers(database.db, rows);
      await indexNaivePeer(database.db);
      const size = rows.toLocaleString('en-US');
      console.log(`${target.label}: seeded ${size} customers in ${((performance.now() - seeding) / 1000).toFixed(1)} s`);
      const results = await benchListQueries(database.db, seconds);
      for (const r of results) console.log(`  ${r.label.padEnd(52)} ${r.perSecond.toFixed(1).padStart(9)} queries/s`);
      const [broad, broadNaive, none, noneNaive] = results;
      recordFigure({
        measure: `list query, broad search, ${size} customers`,
        target,
        unit: 'queries/s',
        ours: broad.perSecond,
        peer: broadNaive.perSecond,
        peerName: 'naive query',
        higherIsBetter: true,
      });
      recordFigure({
        measure: `list query, search matching nothing, ${size} customers`,
        target,
        unit: 'queries/s',
        ours: none.perSecond,
        peer: noneNaive.perSecond,
        peerName: 'naive query',
        higherIsBetter: true,
      });
    });
  }
}
