/**
 * npm run bench — every suite of bench/suites.ts on PGlite, and on PostgreSQL when
 * DATABASE_URL is set. BENCH_ONLY=<suite>[,<suite>] picks suites, BENCH_TARGETS=pglite or
 * postgres one database; BENCH_ROWS and
 * BENCH_SECONDS tune the list-query suite.
 */
import { figuresTable } from './figures';
import { benchSuites } from './suites';
import { benchTargets } from './targets';

async function main() {
  const only = process.env.BENCH_ONLY?.split(',').map((name) => name.trim());
  const suites = only ? benchSuites.filter((suite) => only.includes(suite.name)) : benchSuites;
  if (!suites.length)
    throw new Error(`No bench suite named ${process.env.BENCH_ONLY}; there are ${benchSuites.map((s) => s.name).join(', ')}`);
  if (!process.env.DATABASE_URL) console.log('DATABASE_URL is not set: PostgreSQL skipped.');
  for (const suite of suites) {
    for (const target of benchTargets()) {
      console.log(`\n=== ${suite.name} on ${target.label} ===`);
      await suite.run(target);
    }
  }
  console.log(`\n=== every figure of this run (ratio above 1: Yardstick better than its peer) ===\n${figuresTable()}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
