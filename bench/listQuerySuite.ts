/** List-query throughput against the naive peer (README "Benchmarks"). */
import type { BenchTarget } from './targets';
import { onFreshDatabase } from './targets';
import { seedCustomers } from './seedCustomers';
import { benchListQueries } from './listQuery.bench';

const rows = Number(process.env.BENCH_ROWS ?? 100_000);
const seconds = Number(process.env.BENCH_SECONDS ?? 5);

export async function listQuerySuite(target: BenchTarget): Promise<void> {
  await onFreshDatabase(target, async (database) => {
    const seeding = performance.now();
    await seedCustomers(database.db, rows);
    console.log(`${target.label}: seeded ${rows.toLocaleString('en-US')} customers in ${((performance.now() - seeding) / 1000).toFixed(1)} s`);
    const results = await benchListQueries(database.db, seconds);
    for (const r of results) console.log(`  ${r.label.padEnd(52)} ${r.perSecond.toFixed(1).padStart(9)} queries/s`);
    const [broad, broadNaive, none, noneNaive] = results;
    console.log(`  ratio broad search, Yardstick / naive: ${(broad.perSecond / broadNaive.perSecond).toFixed(2)}x`);
    console.log(`  ratio no-match search, Yardstick / naive: ${(none.perSecond / noneNaive.perSecond).toFixed(2)}x`);
  });
}
