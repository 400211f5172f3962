import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { scheduleMaintenance } from '../../server/db/maintenance';
import { databaseKinds, openTestDatabase, type TestDatabase } from '../helpers/testDatabase';

async function customerRowEstimate(database: TestDatabase): Promise<number> {
  const result = await database.db.execute(sql`SELECT reltuples::float8 AS n FROM pg_class WHERE relname = 'customers'`);
  return Number((result as unknown as { rows: { n: number }[] }).rows[0].n);
}

describe.each(databaseKinds())('database maintenance on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
    await database.db.execute(
      sql`INSERT INTO customers (customer_name, customer_address_1, customer_city, customer_state)
          SELECT 'Customer ' || i, i || ' Main St', 'Trenton', 'NJ' FROM generate_series(1, 50) AS s(i)`,
    );
  });
  afterAll(() => database?.drop());

  it(kind === 'pglite' ? 'vacuums and analyses PGlite, which has no autovacuum' : 'leaves PostgreSQL to its autovacuum', async () => {
    const before = await customerRowEstimate(database);
    const problems: string[] = [];
    const maintenance = scheduleMaintenance(database, (line) => problems.push(line));
    await maintenance.firstRun;
    maintenance.stop();
    expect(problems).toEqual([]);
    const after = await customerRowEstimate(database);
    if (kind === 'pglite') expect(after).toBe(50);
    else expect(after).toBe(before);
  });
});
