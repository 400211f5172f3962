import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { seedDatabase } from '../../server/seed';
import { tableOf } from '../../server/db/entityTables';
import { siteServices } from '../../server/db/tables/siteServices';
import { databaseKinds, openTestDatabase, type TestDatabase } from '../helpers/testDatabase';
import data from '../../server/db/seed/data/demo.json';

async function counts(database: TestDatabase) {
  const of = async (table: PgTable) => Number((await database.db.select({ n: count() }).from(table))[0].n);
  return {
    customers: await of(tableOf('customers')),
    contacts: await of(tableOf('contacts')),
    sites: await of(tableOf('sites')),
    assignments: await of(siteServices),
  };
}

describe.each(databaseKinds())('demo company seed on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(() => database?.drop());

  it('is skipped with demo off, loads the data file once, and a second start changes nothing', async () => {
    await seedDatabase(database.db, { demo: false });
    expect((await counts(database)).customers).toBe(0);

    await seedDatabase(database.db, { demo: true });
    const first = await counts(database);
    expect(first).toEqual({
      customers: data.length,
      contacts: data.reduce((n, c) => n + c.contacts.length, 0),
      sites: data.reduce((n, c) => n + c.sites.length, 0),
      assignments: data.reduce((n, c) => n + c.sites.reduce((m, s) => m + s.services.length, 0), 0),
    });
    expect(first.customers).toBeGreaterThanOrEqual(40);

    await seedDatabase(database.db, { demo: true });
    expect(await counts(database)).toEqual(first);
  });
});
