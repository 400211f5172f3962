import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc } from 'drizzle-orm';
import { unitPriceFromSize, type PriceRule } from '../../src/domain/priceRules';
import { seedCatalogue } from '../../server/db/seed/catalogue';
import { items as itemTable, priceRules as ruleTable } from '../../server/db/entityTables';
import data from '../../server/db/seed/data/catalogue.json';
import { openTestDatabase, databaseKinds, type TestDatabase } from '../helpers/testDatabase';

describe.each(databaseKinds())('starter catalogue on %s', (kind) => {
  let database: TestDatabase;
  const load = async () => ({
    items: await database.db.select().from(itemTable).orderBy(asc(itemTable.id)),
    rules: await database.db.select().from(ruleTable).orderBy(asc(ruleTable.id)),
  });

  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(() => database?.drop());

  it('loads every item of the data file with its rules into an empty catalogue', async () => {
    await seedCatalogue(database.db);
    const { items, rules } = await load();
    expect(items.map((i) => i.name)).toEqual(data.items.map((i) => i.name));
    expect(items.find((i) => i.name === 'Hardwood mulch, double shredded')).toMatchObject({ units: 'yd³', cost: 28, price: 65 });
    expect(rules).toHaveLength(data.items.reduce((n, i) => n + (i.rules?.length ?? 0), 0));
    expect(rules.every((r) => r.outputType === 'UNIT_PRICE')).toBe(true);
  });

  it('prices the sized services as STARTER-DATA describes', async () => {
    const { items, rules } = await load();
    const price = (name: string, size: number) => {
      const item = items.find((i) => i.name === name)!;
      const own = rules.filter((r) => r.itemID === item.id) as unknown as PriceRule[];
      return unitPriceFromSize(own, size, item.price as number)?.unitPrice ?? null;
    };
    expect(price('Lawn mowing', 0.25)).toBe(45);
    expect(price('Lawn mowing', 1)).toBe(99);
    expect(price('Lawn mowing', 2.5)).toBe(237.5);
    expect(price('Fall leaf cleanup', 1.5)).toBe(330);
    expect(price('Spring cleanup', 3000)).toBe(255);
    expect(price('Core aeration', 5000)).toBe(60);
    expect(price('Snow plowing', 4000)).toBe(75);
    expect(price('Snow plowing', 20000)).toBe(210);
    expect(price('Snow plowing', 60000)).toBe(540);
    expect(price('Salting', 20000)).toBe(280);
  });

  it('a second start changes nothing, and an edited catalogue is left alone', async () => {
    const first = await load();
    await seedCatalogue(database.db);
    expect(await load()).toEqual(first);
    await database.db.delete(ruleTable);
    await seedCatalogue(database.db);
    expect((await load()).rules).toEqual([]);
  });
});
