import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { TAX_CODES } from '../../src/domain/taxes';
import { estimatePricing } from '../../src/domain/pricing';
import { seedDatabase } from '../../server/seed';
import { createTestApi, type TestApi, type TestResponse } from '../helpers/testApi';
import { databaseKinds } from '../helpers/testDatabase';
import { inconsistentFigures, makeCustomerWithSite, makeEstimate } from '../helpers/estimateFixtures';

/** One write of an estimator; `pick` chooses among the rows that exist when it runs. */
type Write =
  | { kind: 'addArea'; estimate: number; tax: string; isIncluded: boolean }
  | { kind: 'updateArea'; pick: number; tax: string; isIncluded: boolean }
  | { kind: 'deleteArea'; pick: number }
  | { kind: 'cloneArea'; pick: number }
  | { kind: 'notes'; pick: number }
  | { kind: 'addItem'; pick: number; quantity: number; unitCost: number; unitPrice: number; totalPrice: number }
  | { kind: 'updateItem'; pick: number; quantity: number; unitPrice: number }
  | { kind: 'deleteItem'; pick: number }
  | { kind: 'template'; estimate: number; category: string; tax: string };

const tax = fc.constantFrom(...TAX_CODES);
const pick = fc.nat(1000);
// Quantities to 4 decimals (stored to 3) and prices to a tenth of a cent (stored to cents): rounding is exercised.
const quantity = fc.integer({ min: 0, max: 2_000_000 }).map((n) => n / 10_000);
const money = fc.integer({ min: 0, max: 5_000_000 }).map((n) => n / 1000);
const write: fc.Arbitrary<Write> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('addArea' as const), estimate: fc.nat(2), tax, isIncluded: fc.boolean() }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('updateArea' as const), pick, tax, isIncluded: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('deleteArea' as const), pick }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('cloneArea' as const), pick }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('notes' as const), pick }) },
  {
    weight: 8,
    arbitrary: fc.record({ kind: fc.constant('addItem' as const), pick, quantity, unitCost: money, unitPrice: money, totalPrice: money }),
  },
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('updateItem' as const), pick, quantity, unitPrice: money }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('deleteItem' as const), pick }) },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('template' as const), estimate: fc.nat(2), category: fc.constantFrom('LM', 'SNOW'), tax }),
  },
);
const WRITES = fc.sample(fc.array(write, { minLength: 200, maxLength: 200 }), { seed: 20261123, numRuns: 1 })[0];

describe.each(databaseKinds())('stored figures after 200 random writes on %s', (kind) => {
  let api: TestApi;
  const estimateIds: number[] = [];

  const idsOf = async (query: ReturnType<typeof sql>) =>
    ((await api.database.db.execute(query)) as unknown as { rows: { id: number }[] }).rows.map((r) => Number(r.id));
  const areaIds = () => idsOf(sql`SELECT work_area_id AS id FROM work_areas ORDER BY work_area_id`);
  const itemIds = () => idsOf(sql`SELECT work_area_item_id AS id FROM work_area_items ORDER BY work_area_item_id`);
  const chosen = (ids: number[], n: number) => (ids.length ? ids[n % ids.length] : 999999);

  async function apply(w: Write): Promise<TestResponse> {
    switch (w.kind) {
      case 'addArea':
        return api.post(`/api/estimates/${estimateIds[w.estimate]}/workAreas`, {
          name: `Area ${w.tax}`,
          tax: w.tax,
          isIncluded: w.isIncluded,
        });
      case 'updateArea': {
        const id = chosen(await areaIds(), w.pick);
        const read = await api.get(`/api/workAreas/${id}`);
        if (read.status !== 200) return read; // deleted by a write of the same batch
        return api.put(`/api/workAreas/${id}`, { ...read.body, tax: w.tax, isIncluded: w.isIncluded });
      }
      case 'deleteArea':
        return api.del(`/api/workAreas/${chosen(await areaIds(), w.pick)}`);
      case 'cloneArea':
        return api.get(`/api/workAreas/${chosen(await areaIds(), w.pick)}/clone`);
      case 'notes':
        return api.put(`/api/workAreas/${chosen(await areaIds(), w.pick)}/notes`, { notes: `<p>note ${w.pick}</p>` });
      case 'addItem': {
        const area = chosen(await areaIds(), w.pick);
        const { quantity, unitCost, unitPrice, totalPrice } = w;
        return api.post(`/api/workAreas/${area}/workAreaItems`, { name: 'Line', quantity, unitCost, unitPrice, totalPrice, totalCost: -1 });
      }
      case 'updateItem': {
        const id = chosen(await itemIds(), w.pick);
        const read = await api.get(`/api/workAreaItems/${id}`);
        if (read.status !== 200) return read;
        return api.put(`/api/workAreaItems/${id}`, { ...read.body, quantity: w.quantity, unitPrice: w.unitPrice, totalPrice: 0 });
      }
      case 'deleteItem':
        return api.del(`/api/workAreaItems/${chosen(await itemIds(), w.pick)}`);
      case 'template':
        return api.post('/api/estimates/generateTemplate', { estimateID: estimateIds[w.estimate], category: w.category, tax: w.tax });
    }
  }

  beforeAll(async () => {
    api = await createTestApi(kind);
    await seedDatabase(api.database.db, { demo: false });
    const { siteID } = await makeCustomerWithSite(api);
    for (const name of ['North', 'South', 'East']) estimateIds.push(await makeEstimate(api, siteID, name));
  });
  afterAll(() => api?.close());

  it('keeps every item total, area subtotal and estimate subtotal equal to the sum of its parts', async () => {
    // Four writes at a time: on PostgreSQL they overlap in separate sessions (the estimate lock
    // orders them); a write that lost a race (a row deleted meanwhile, a stale version) is refused.
    const statuses = new Map<number, number>();
    const failures: string[] = [];
    for (let start = 0; start < WRITES.length; start += 4) {
      const batch = WRITES.slice(start, start + 4);
      const responses = await Promise.all(batch.map(apply));
      responses.forEach((res, i) => {
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        if (![200, 201, 204, 404, 409].includes(res.status)) failures.push(`${JSON.stringify(batch[i])} → ${res.status} ${res.raw}`);
      });
    }
    expect(failures).toEqual([]);
    const succeeded = (statuses.get(200) ?? 0) + (statuses.get(201) ?? 0) + (statuses.get(204) ?? 0);
    expect(succeeded).toBeGreaterThan(150);

    const { wrong, checked } = await inconsistentFigures(api.database.db);
    expect(wrong).toEqual([]);
    expect(checked).toBeGreaterThan(50);

    for (const id of estimateIds) {
      const areas = (await api.get(`/api/estimates/${id}/workAreas`)).body.workAreas;
      const { pricing } = (await api.get(`/api/estimates/${id}/pricing`)).body;
      expect(pricing).toEqual(estimatePricing(areas, 0));
      expect((await api.get(`/api/estimates/${id}`)).body.subtotal).toBe(pricing.subtotal);
    }
  });

  it('keeps them equal when many writes land in one work area at once', async () => {
    const area = (await api.post(`/api/estimates/${estimateIds[0]}/workAreas`, { name: 'Contended' })).body.id;
    const added = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        api.post(`/api/workAreas/${area}/workAreaItems`, { name: `Line ${i}`, quantity: i + 1, unitPrice: 10.01 }),
      ),
    );
    expect(added.map((r) => r.status)).toEqual(Array(24).fill(201));
    const changes = await Promise.all(
      added.map(async (res, i) => {
        if (i % 3 === 0) return api.del(`/api/workAreaItems/${res.body.id}`);
        const item = (await api.get(`/api/workAreaItems/${res.body.id}`)).body;
        return api.put(`/api/workAreaItems/${res.body.id}`, { ...item, unitPrice: 20.02 });
      }),
    );
    expect(changes.map((r) => r.status).sort()).toEqual([...Array(16).fill(200), ...Array(8).fill(204)]);
    expect((await inconsistentFigures(api.database.db)).wrong).toEqual([]);
    const expected = Array.from({ length: 24 }, (_, i) => (i % 3 === 0 ? 0 : (i + 1) * 20.02)).reduce((a, b) => a + b, 0);
    expect((await api.get(`/api/workAreas/${area}`)).body.subtotal).toBeCloseTo(expected, 2);
  });
});
