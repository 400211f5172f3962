import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../helpers/testApi';
import { databaseKinds } from '../helpers/testDatabase';
import { RULE_LIST_INVALID } from '../../src/schema/actions/priceRules';
import { BODY_NOT_OBJECT } from '../../src/schema/actions/checkBody';
import { FORM_INVALID } from '../../src/schema/validate';

const mowingRules = [
  { type: 'GREATER_THAN', rangeStart: 2, step: 0, secondaryPrice: 95 },
  { type: 'LESS_THAN_OR_EQUAL', rangeEnd: 0.25 },
  { type: 'BETWEEN_EXCLUSIVE', rangeStart: 0.25, rangeEnd: 2, step: 0.25, secondaryPrice: 18 },
];

describe.each(databaseKinds())('price rules (/api/calculations) on %s', (kind) => {
  let api: TestApi;
  let mowing: number;
  let plowing: number;

  const rulesOf = async (itemID: number) =>
    (await api.get(`/api/calculations?filter:item_id=${itemID}`)).body.calculations as Record<string, unknown>[];

  beforeAll(async () => {
    api = await createTestApi(kind);
    mowing = (await api.post('/api/itemCatalog', { name: 'Lawn mowing', units: 'visit', cost: 25, price: 45 })).body.id;
    plowing = (await api.post('/api/itemCatalog', { name: 'Snow plowing', units: 'push', cost: 35, price: 75 })).body.id;
  });
  afterAll(() => api?.close());

  it("replaces an item's rules as one set and answers them in the order they are tried", async () => {
    const res = await api.put(`/api/itemCatalog/${mowing}/calculations`, { calculations: mowingRules });
    expect(res.status).toBe(200);
    expect(res.body.calculations.map((r: { type: string }) => r.type)).toEqual(['LESS_THAN_OR_EQUAL', 'BETWEEN_EXCLUSIVE', 'GREATER_THAN']);
    expect(res.body.calculations[1]).toMatchObject({
      itemID: mowing,
      outputType: 'UNIT_PRICE',
      rangeStart: 0.25,
      rangeEnd: 2,
      step: 0.25,
      secondaryPrice: 18,
    });
    expect(res.body.calculations[0]).toMatchObject({ rangeStart: null, step: null, secondaryPrice: null });
  });

  it('GET /api/calculations lists every rule of every item with its itemID', async () => {
    await api.put(`/api/itemCatalog/${plowing}/calculations`, {
      calculations: [{ type: 'GREATER_THAN', rangeStart: 50000, step: 0, secondaryPrice: 0.009 }],
    });
    const res = await api.get('/api/calculations');
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(4);
    expect(res.body.calculations.map((r: { itemID: number }) => r.itemID)).toEqual([mowing, mowing, mowing, plowing]);
    expect(res.body.calculations[3]).toMatchObject({ type: 'GREATER_THAN', rangeStart: 50000, secondaryPrice: 0.009 });
    expect(await rulesOf(plowing)).toHaveLength(1);
    expect(res.body.calculations.every((r: Record<string, unknown>) => typeof r.id === 'number' && r.version === 1)).toBe(true);
  });

  it('a set with a bad rule writes nothing and names each field by its path', async () => {
    const before = await rulesOf(mowing);
    const res = await api.put(`/api/itemCatalog/${mowing}/calculations`, {
      calculations: [
        { type: 'LESS_THAN_OR_EQUAL', rangeEnd: 1 },
        { type: 'BETWEEN_EXCLUSIVE', rangeStart: 2, rangeEnd: 1, step: -1, secondaryPrice: 5 },
        { type: 'STATIC', step: 0 },
        { type: 'PER_ACRE' },
        { type: 'GREATER_THAN', rangeStart: 'two', step: 0 },
      ],
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      message: 'Form is invalid.',
      errors: {
        'calculations.1.rangeEnd': 'Range End must be greater than Range Start.',
        'calculations.1.step': 'Step cannot be negative.',
        'calculations.2.step': 'Step must be greater than 0.',
        'calculations.3.type': 'Type is invalid.',
        'calculations.4.rangeStart': 'Range Start is invalid.',
        'calculations.4.secondaryPrice': 'Secondary Price is required.',
      },
    });
    expect(await rulesOf(mowing)).toEqual(before);
  });

  it('an empty set removes the rules; bad bodies and unknown items get plain messages', async () => {
    const extra = (await api.post('/api/itemCatalog', { name: 'Edging', cost: 0.35, price: 0.95 })).body.id;
    await api.put(`/api/itemCatalog/${extra}/calculations`, { calculations: [{ type: 'STATIC', step: 100 }] });
    const cleared = await api.put(`/api/itemCatalog/${extra}/calculations`, { calculations: [] });
    expect(cleared.body).toEqual({ calculations: [] });
    expect(await rulesOf(extra)).toEqual([]);

    for (const body of [{}, { calculations: 'none' }, { calculations: [1] }, { calculations: null }]) {
      const res = await api.put(`/api/itemCatalog/${extra}/calculations`, body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: FORM_INVALID, errors: { calculations: RULE_LIST_INVALID } });
    }
    const notObject = await api.put(`/api/itemCatalog/${extra}/calculations`, [{ type: 'STATIC' }]);
    expect(notObject.status).toBe(400);
    expect(notObject.body).toEqual({ message: BODY_NOT_OBJECT });
    const missing = await api.put('/api/itemCatalog/999999/calculations', { calculations: [] });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ message: 'Item not found.' });
  });

  it('single rules can be created, edited and deleted through the generated routes', async () => {
    const created = await api.post(`/api/itemCatalog/${plowing}/calculations`, { type: 'LESS_THAN_OR_EQUAL', rangeEnd: 5000 });
    expect(created.status).toBe(201);
    const rule = (await api.get(`/api/calculations/${created.body.id}`)).body;
    expect(rule).toMatchObject({ itemID: plowing, type: 'LESS_THAN_OR_EQUAL', rangeEnd: 5000 });

    const bad = await api.put(`/api/calculations/${rule.id}`, { ...rule, type: 'BETWEEN_EXCLUSIVE', rangeStart: 6000 });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({
      rangeEnd: 'Range End must be greater than Range Start.',
      step: 'Step is required.',
      secondaryPrice: 'Secondary Price is required.',
    });
    const updated = await api.put(`/api/calculations/${rule.id}`, { ...rule, rangeEnd: 4000 });
    expect(updated.body).toMatchObject({ rangeEnd: 4000, version: 2 });

    const invalidCreate = await api.post(`/api/itemCatalog/${plowing}/calculations`, { type: 'STATIC' });
    expect(invalidCreate.body.errors).toEqual({ step: 'Step is required.' });
    expect((await api.post('/api/itemCatalog/999999/calculations', { type: 'STATIC', step: 1 })).status).toBe(404);

    expect((await api.del(`/api/calculations/${rule.id}`)).status).toBe(204);
    expect((await api.get(`/api/calculations/${rule.id}`)).body).toEqual({ message: 'Price rule not found.' });
  });

  it('keeps four decimals on rule numbers', async () => {
    const res = await api.post(`/api/itemCatalog/${plowing}/calculations`, { type: 'STATIC', step: 0.3333 });
    expect((await api.get(`/api/calculations/${res.body.id}`)).body.step).toBe(0.3333);
    await api.del(`/api/calculations/${res.body.id}`);
  });

  it('deleting an item takes its rules with it', async () => {
    const before = (await api.get('/api/calculations')).body.count;
    expect((await api.del(`/api/itemCatalog/${mowing}`)).status).toBe(204);
    expect(await rulesOf(mowing)).toEqual([]);
    expect((await api.get('/api/calculations')).body.count).toBe(before - 3);
  });
});
