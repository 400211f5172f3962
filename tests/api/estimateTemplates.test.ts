import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, sql } from 'drizzle-orm';
import { seedDatabase } from '../../server/seed';
import { seedCatalogue } from '../../server/db/seed/catalogue';
import { seedTemplates } from '../../server/db/seed/templates';
import { items, templateAreas, templateItems } from '../../server/db/entityTables';
import data from '../../server/db/seed/data/templates.json';
import { createTestApi, type TestApi } from '../helpers/testApi';
import { databaseKinds, openTestDatabase, type TestDatabase } from '../helpers/testDatabase';
import { inconsistentFigures, makeArea, makeCustomerWithSite, makeEstimate, makeItem } from '../helpers/estimateFixtures';

type Row = Record<string, any>;

describe.each(databaseKinds())('estimate templates on %s', (kind) => {
  let api: TestApi;
  let siteID: number;

  const generate = (body: unknown) => api.post('/api/estimates/generateTemplate', body);
  const areasOf = async (estimateID: number) => (await api.get(`/api/estimates/${estimateID}/workAreas`)).body.workAreas as Row[];
  const itemsOf = async (areaID: number) => (await api.get(`/api/workAreas/${areaID}/workAreaItems`)).body.workAreaItems as Row[];
  const lines = async (estimateID: number) => {
    const result: Row[] = [];
    for (const area of await areasOf(estimateID)) {
      for (const item of await itemsOf(area.id)) {
        const { name, size, quantity, units, unitCost, unitPrice, totalPrice } = item;
        result.push({ area: area.name, tax: area.tax, name, size, quantity, units, unitCost, unitPrice, totalPrice });
      }
    }
    return result;
  };

  beforeAll(async () => {
    api = await createTestApi(kind);
    await seedDatabase(api.database.db, { demo: false });
    ({ siteID } = await makeCustomerWithSite(api));
  });
  afterAll(() => api?.close());

  it('adds the LM template by default, tax NJ, items priced from the catalogue and its size rules', async () => {
    const estimateID = await makeEstimate(api, siteID, 'Landscape maintenance');
    const existing = await makeArea(api, estimateID, { name: 'Existing area' });
    await makeItem(api, existing, { quantity: 1, unitPrice: 100 });
    const res = await generate({ estimateID });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body)).toEqual(['ids']);
    const areas = await areasOf(estimateID);
    expect(res.body.ids).toEqual(areas.slice(1).map((a) => a.id));
    expect(areas.map((a) => [a.name, a.tax, a.isIncluded, a.subtotal])).toEqual([
      ['Existing area', 'NJ', true, 100],
      ['Mowing', 'NJ', true, 2970],
      ['Edging', 'NJ', true, 1520],
      ['Spring Cleanup', 'NJ', true, 255],
      ['Mulching', 'NJ', true, 780],
      ['Pruning', 'NJ', true, 560],
      ['Fall Cleanup', 'NJ', true, 330],
      ['Fertilization', 'NJ', true, 275],
    ]);
    const priced = (await lines(estimateID)).slice(1);
    // Mowing at 1 acre: BETWEEN 0.25–2, 45 + (1 − 0.25) / 0.25 × 18 = 99 a visit.
    expect(priced[0]).toEqual({
      area: 'Mowing',
      tax: 'NJ',
      name: 'Lawn mowing',
      size: 1,
      quantity: 30,
      units: 'visit',
      unitCost: 25,
      unitPrice: 99,
      totalPrice: 2970,
    });
    // Spring cleanup of 3,000 ft²: STATIC 3000 / 1000 × 85; fall cleanup of 1.5 acres: 150 + 1.5 / 0.5 × 60.
    expect(priced.find((l) => l.name === 'Spring cleanup')).toMatchObject({ size: 3000, unitPrice: 255 });
    expect(priced.find((l) => l.name === 'Fall leaf cleanup')).toMatchObject({ size: 1.5, unitPrice: 330 });
    // No rule: the item's own price.
    expect(priced.find((l) => l.name === 'Hardwood mulch, double shredded')).toMatchObject({
      size: null,
      quantity: 12,
      unitPrice: 65,
      totalPrice: 780,
    });
    const estimate = (await api.get(`/api/estimates/${estimateID}`)).body;
    expect(estimate.subtotal).toBe(100 + 2970 + 1520 + 255 + 780 + 560 + 330 + 275);
    expect(await inconsistentFigures(api.database.db)).toMatchObject({ wrong: [] });
  });

  it('adds the SNOW template with the tax given', async () => {
    const estimateID = await makeEstimate(api, siteID, 'Snow');
    const res = await generate({ estimateID, tax: 'PA', category: 'SNOW' });
    expect(res.status).toBe(201);
    expect(res.body.ids).toHaveLength(3);
    expect(await lines(estimateID)).toEqual([
      // 20,000 ft²: BETWEEN 5,000–50,000, 75 + 15,000 / 5,000 × 45 = 210 a push.
      {
        area: 'Plowing',
        tax: 'PA',
        name: 'Snow plowing',
        size: 20000,
        quantity: 12,
        units: 'push',
        unitCost: expect.any(Number),
        unitPrice: 210,
        totalPrice: 2520,
      },
      {
        area: 'Salting',
        tax: 'PA',
        name: 'Salting',
        size: 20000,
        quantity: 15,
        units: 'application',
        unitCost: expect.any(Number),
        unitPrice: 280,
        totalPrice: 4200,
      },
      {
        area: 'Sidewalks',
        tax: 'PA',
        name: 'Sidewalk shoveling',
        size: 600,
        quantity: 7200,
        units: 'linear ft',
        unitCost: 0.4,
        unitPrice: 1.1,
        totalPrice: 7920,
      },
    ]);
    expect((await api.get(`/api/estimates/${estimateID}/pricing`)).body.pricing).toEqual({
      discount: 0,
      subtotal: 14640,
      taxes: 878.4,
      total: 15518.4,
    });
  });

  it('prices from the catalogue as it is at the moment of generation', async () => {
    await api.database.db.update(items).set({ price: 50 }).where(eq(items.name, 'Lawn mowing'));
    await api.database.db.update(items).set({ price: 70, cost: 30 }).where(eq(items.name, 'Hardwood mulch, double shredded'));
    const estimateID = await makeEstimate(api, siteID, 'Later');
    await generate({ estimateID, tax: 'EXEMPT', category: 'LM' });
    const priced = await lines(estimateID);
    expect(priced.find((l) => l.name === 'Lawn mowing')).toMatchObject({ tax: 'EXEMPT', unitPrice: 104, totalPrice: 3120 });
    expect(priced.find((l) => l.name === 'Hardwood mulch, double shredded')).toMatchObject({
      unitCost: 30,
      unitPrice: 70,
      totalPrice: 840,
    });
  });

  it('refuses bad values with 400 naming the field, and adds nothing', async () => {
    const estimateID = await makeEstimate(api, siteID, 'Refusals');
    const cases: [unknown, Record<string, string>][] = [
      [{}, { estimateID: 'Estimate is required.' }],
      [{ estimateID, tax: 'NY' }, { tax: 'Tax is invalid.' }],
      [{ estimateID, category: 'FENCE' }, { category: 'Category is invalid.' }],
      [{ estimateID, category: 'lm' }, { category: 'Category is invalid.' }],
      [
        { estimateID: 'abc', tax: { NJ: 1 }, category: ['LM'] },
        { estimateID: 'Estimate is invalid.', tax: 'Tax is invalid.', category: 'Category is invalid.' },
      ],
      [{ estimateID: 2147483648 }, { estimateID: 'Estimate is invalid.' }],
      [{ estimateID: 999999 }, { estimateID: 'Estimate does not exist.' }],
      [{ estimateID, tax: 'N\u0000J' }, { tax: 'Tax is invalid.' }],
    ];
    for (const [body, errors] of cases) {
      const res = await generate(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toEqual({ message: 'Form is invalid.', errors });
    }
    expect((await generate([estimateID])).status).toBe(400);
    expect(await areasOf(estimateID)).toEqual([]);
  });

  it('templates are seeded once, in order, by catalogue name', async () => {
    const areaCount = async (db = api.database.db) => Number((await db.select({ n: count() }).from(templateAreas))[0].n);
    const expected = data.templates.reduce((n, t) => n + t.areas.length, 0);
    expect(await areaCount()).toBe(expected);
    await seedDatabase(api.database.db, { demo: false });
    expect(await areaCount()).toBe(expected);
    const [{ n }] = await api.database.db.select({ n: count() }).from(templateItems);
    expect(Number(n)).toBe(data.templates.reduce((s, t) => s + t.areas.reduce((m, a) => m + a.items.length, 0), 0));
  });
});

describe.each(databaseKinds())('template seed with a catalogue that lacks an item, on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(() => database?.drop());

  it('fails loudly and loads nothing', async () => {
    await seedCatalogue(database.db);
    await database.db.execute(sql`UPDATE items SET item_name = 'Salt spreading' WHERE item_name = 'Salting'`);
    await expect(seedTemplates(database.db)).rejects.toThrow(/"Salting", which is not in the catalogue/);
    expect(Number((await database.db.select({ n: count() }).from(templateAreas))[0].n)).toBe(0);
  });
});
