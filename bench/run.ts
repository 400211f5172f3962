/**
 * npm run bench — list-query throughput on PGlite, and on PostgreSQL when DATABASE_URL is
 * set, against a naive peer query measured in the same run. BENCH_ROWS (default 100000)
 * and BENCH_SECONDS (default 5 per case) tune it.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createPglite, openDatabase, type Database } from '../server/db/connection';
import { migrateDatabase } from '../server/db/migrate';
import { seedCustomers } from './seedCustomers';
import { benchListQueries, type Measurement } from './listQuery.bench';

const rows = Number(process.env.BENCH_ROWS ?? 100_000);
const seconds = Number(process.env.BENCH_SECONDS ?? 5);

function report(target: string, results: Measurement[]): void {
  console.log(`\n${target}, ${rows.toLocaleString('en-US')} customers`);
  for (const r of results) console.log(`  ${r.label.padEnd(52)} ${r.perSecond.toFixed(1).padStart(9)} queries/s`);
  const [broad, broadNaive, none, noneNaive] = results;
  console.log(`  ratio broad search, Yardstick / naive: ${(broad.perSecond / broadNaive.perSecond).toFixed(2)}x`);
  console.log(`  ratio no-match search, Yardstick / naive: ${(none.perSecond / noneNaive.perSecond).toFixed(2)}x`);
}

async function onDatabase(target: string, open: () => Promise<Database & { drop?: () => Promise<void> }>) {
  const database = await open();
  try {
    await migrateDatabase(database);
    const seeding = performance.now();
    await seedCustomers(database.db, rows);
    console.log(`${target}: seeded in ${((performance.now() - seeding) / 1000).toFixed(1)} s`);
    report(target, await benchListQueries(database.db, seconds));
  } finally {
    await (database.drop ? database.drop() : database.close());
  }
}

async function main() {
  await onDatabase('PGlite (in memory)', async () => openDatabase({ pglite: await createPglite() }).then((d) => ({
    ...d,
    close: async () => (d.db as unknown as { $client: { close(): Promise<void> } }).$client.close(),
  })));
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.log('\nDATABASE_URL is not set: PostgreSQL skipped.');
    return;
  }
  const name = `ys_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const benchUrl = new URL(url);
  benchUrl.pathname = `/${name}`;
  await onDatabase('PostgreSQL', async () => {
    const d = await openDatabase({ databaseUrl: benchUrl.toString(), poolSize: 2 });
    return {
      ...d,
      drop: async () => {
        await d.close();
        const again = new pg.Client({ connectionString: url });
        await again.connect();
        await again.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await again.end();
      },
    };
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
