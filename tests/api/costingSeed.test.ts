import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc } from 'drizzle-orm';
import { estimateProfitability } from '../../src/domain/profitability';
import { ITEM_KINDS } from '../../src/domain/itemKinds';
import { seedDatabase } from '../../server/seed';
import { items } from '../../server/db/entityTables';
import data from '../../server/db/seed/data/catalogue.json';
import { saveCompany, FIXTURE_COMPANY } from '../helpers/printFixtures';
import { createTestApi, type TestApi } from '../helpers/testApi';
import { databaseKinds } from '../helpers/testDatabase';
import { makeCustomerWithSite, makeEstimate } from '../helpers/estimateFixtures';

describe.each(databaseKinds())('the starter catalogue and templates with costing, on %s', (kind) => {
  let api: TestApi;
  let siteID: number;

  beforeAll(async () => {
    api = await createTestApi(kind);
    await seedDatabase(api.database.db, { demo: false });
    ({ siteID } = await makeCustomerWithSite(api));
  });
  afterAll(() => api?.close());

  it('every starter item has a kind and a production rate; labour and services are LABOR', async () => {
    const rows = await api.database.db.select().from(items).orderBy(asc(items.id));
    expect(rows.map((r) => [r.name, r.kind, r.hoursPerUnit])).toEqual(data.items.map((i) => [i.name, i.kind, i.hoursPerUnit]));
    expect(rows.every((r) => (ITEM_KINDS as readonly string[]).includes(r.kind) && r.hoursPerUnit !== null)).toBe(true);
    const kindOf = (name: string) => rows.find((r) => r.name === name)!.kind;
    expect(['Lawn mowing', 'Edging beds', 'Snow plowing', 'Sidewalk shoveling'].map(kindOf)).toEqual(['LABOR', 'LABOR', 'LABOR', 'LABOR']);
    expect(['Hardwood mulch, double shredded', 'Rock salt (bulk)'].map(kindOf)).toEqual(['MATERIAL', 'MATERIAL']);
  });

  it('template lines carry their catalogue item, kind and hours; the estimate’s profitability is the domain’s over them', async () => {
    await saveCompany(api, { ...FIXTURE_COMPANY, laborRate: 42.5, overheadPerHour: 12, targetMarginPercent: 40 });
    const estimateID = await makeEstimate(api, siteID, 'Landscape maintenance');
    expect((await api.post('/api/estimates/generateTemplate', { estimateID, category: 'LM' })).status).toBe(201);
    const areas = (await api.get(`/api/estimates/${estimateID}/workAreas`)).body.workAreas as {
      id: number;
      name: string;
      subtotal: number;
      isIncluded: boolean;
    }[];
    const withLines = [];
    for (const area of areas) {
      const lines = (await api.get(`/api/workAreas/${area.id}/workAreaItems`)).body.workAreaItems as {
        totalCost: number;
        laborHours: number;
        [field: string]: any;
      }[];
      for (const line of lines) {
        expect(line.itemID).toEqual(expect.any(Number));
        const catalogue = data.items.find((i) => i.name === line.name)!;
        expect([line.kind, line.hoursPerUnit]).toEqual([catalogue.kind, catalogue.hoursPerUnit]);
      }
      withLines.push({ ...area, items: lines });
    }
    const mowing = withLines.find((a) => a.name === 'Mowing')!.items[0];
    expect(mowing).toMatchObject({ quantity: 30, hoursPerUnit: 1, laborHours: 30 });
    const res = await api.get(`/api/estimates/${estimateID}/profitability`);
    expect(res.status).toBe(200);
    const expected = estimateProfitability(
      { discount: 0, areas: withLines },
      { laborRate: 42.5, overheadPerHour: 12, targetMarginPercent: 40 },
    );
    expect(res.body).toEqual(expected);
    expect(res.body.laborHours).toBeGreaterThan(0);
    expect(res.body.targetMarginPercent).toBe(40);
  });
});
