import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { needsMaintenance, scheduleMaintenance } from '../../server/db/maintenance';
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

  it('runs nothing until start(): the server starts it once it listens', async () => {
    const spy = vi.spyOn(database.db, 'execute');
    const maintenance = scheduleMaintenance(database, () => undefined);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(spy).not.toHaveBeenCalled();
    maintenance.stop();
    await maintenance.firstRun;
    expect(spy).not.toHaveBeenCalled();
    spy.mockRestore();
  });

  it(kind === 'pglite' ? 'vacuums and analyses PGlite, which has no autovacuum' : 'leaves PostgreSQL to its autovacuum', async () => {
    const before = await customerRowEstimate(database);
    const problems: string[] = [];
    const maintenance = scheduleMaintenance(database, (line) => problems.push(line));
    maintenance.start();
    await maintenance.firstRun;
    maintenance.stop();
    expect(problems).toEqual([]);
    const after = await customerRowEstimate(database);
    if (kind === 'pglite') expect(after).toBe(50);
    else expect(after).toBe(before);
  });
});

describe('which tables maintenance visits', () => {
  it("autovacuum's rule: never analysed, or 20 % dead, or 10 % changed (plus 50 rows)", () => {
    expect(needsMaintenance({ rows: -1, dead: 0, changed: 0 })).toBe(true);
    expect(needsMaintenance({ rows: 1000, dead: 250, changed: 0 })).toBe(false);
    expect(needsMaintenance({ rows: 1000, dead: 251, changed: 0 })).toBe(true);
    expect(needsMaintenance({ rows: 1000, dead: 0, changed: 151 })).toBe(true);
    expect(needsMaintenance({ rows: 100_000, dead: 100, changed: 100 })).toBe(false);
  });
});
