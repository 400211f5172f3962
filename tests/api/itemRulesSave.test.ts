import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PRICE_RULES_PER_ITEM, tooManyPriceRulesMessage } from '../../src/schema/priceRules';
import { RULE_LIST_INVALID } from '../../src/schema/actions/priceRules';
import { createTestApi, type TestApi } from '../helpers/testApi';
import { databaseKinds } from '../helpers/testDatabase';

type Row = Record<string, any>;

const goodRules = [
  { type: 'LESS_THAN_OR_EQUAL', rangeEnd: 10000, secondaryPrice: null, outputType: 'UNIT_PRICE' },
  { type: 'GREATER_THAN', rangeStart: 10000, step: 0, secondaryPrice: 0.009 },
];

/** What a price rule is, without what the server gives every record. */
const ruleFacts = ({ type, rangeStart, rangeEnd, step, secondaryPrice, outputType }: Row) => ({
  type,
  rangeStart,
  rangeEnd,
  step,
  secondaryPrice,
  outputType,
});

describe.each(databaseKinds())('an item and its price rules saved together (one request, one transaction) on %s', (kind) => {
  let api: TestApi;
  const rulesOf = async (itemID: number) =>
    ((await api.get(`/api/calculations?filter:item_id=${itemID}`)).body.calculations as Row[]).map(ruleFacts);
  const itemCount = async () => (await api.get('/api/itemCatalog?limit=1')).body.count as number;

  beforeAll(async () => {
    api = await createTestApi(kind);
  });
  afterAll(() => api?.close());

  it('POST creates the item with its rules; PUT updates both', async () => {
    const created = await api.post('/api/itemCatalog', { name: 'Snow plowing', cost: 40, price: 90, calculations: goodRules });
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    expect(await rulesOf(id)).toEqual([
      { type: 'LESS_THAN_OR_EQUAL', rangeStart: null, rangeEnd: 10000, step: null, secondaryPrice: null, outputType: 'UNIT_PRICE' },
      { type: 'GREATER_THAN', rangeStart: 10000, rangeEnd: null, step: 0, secondaryPrice: 0.009, outputType: 'UNIT_PRICE' },
    ]);

    const read = (await api.get(`/api/itemCatalog/${id}`)).body;
    const updated = await api.put(`/api/itemCatalog/${id}`, { ...read, price: 95, calculations: [{ type: 'STATIC', step: 120 }] });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ id, price: 95, version: 2 });
    expect(await rulesOf(id)).toEqual([expect.objectContaining({ type: 'STATIC', step: 120 })]);

    // Without the key the rules stay as they are (other clients' PUTs are unchanged).
    const plain = await api.put(`/api/itemCatalog/${id}`, { ...updated.body, price: 96 });
    expect(plain.status).toBe(200);
    expect(await rulesOf(id)).toEqual([expect.objectContaining({ type: 'STATIC', step: 120 })]);
    // An empty set removes them.
    expect((await api.put(`/api/itemCatalog/${id}`, { ...plain.body, calculations: [] })).status).toBe(200);
    expect(await rulesOf(id)).toEqual([]);
  });

  it('a rule that fails validation leaves the item and its rules unchanged: 400 naming the field', async () => {
    const { body } = await api.post('/api/itemCatalog', { name: 'Mulch', cost: 28, price: 65, calculations: goodRules });
    const before = (await api.get(`/api/itemCatalog/${body.id}`)).body;
    const rulesBefore = await rulesOf(body.id);

    const res = await api.put(`/api/itemCatalog/${body.id}`, {
      ...before,
      name: 'Mulch (renamed)',
      price: 70,
      calculations: [
        { type: 'STATIC', step: 1 },
        { type: 'BETWEEN_EXCLUSIVE', rangeStart: 10, rangeEnd: 5, step: 1, secondaryPrice: 1 },
      ],
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      message: 'Form is invalid.',
      errors: { 'calculations.1.rangeEnd': 'Range End must be greater than Range Start.' },
    });
    expect((await api.get(`/api/itemCatalog/${body.id}`)).body).toEqual(before);
    expect(await rulesOf(body.id)).toEqual(rulesBefore);

    // The item's own messages and the rules' come in one answer.
    const both = await api.put(`/api/itemCatalog/${body.id}`, { ...before, price: null, calculations: [{ type: 'NOPE' }] });
    expect(both.status).toBe(400);
    expect(both.body.errors).toEqual({ price: 'Price is required.', 'calculations.0.type': 'Type is invalid.' });
    expect((await api.get(`/api/itemCatalog/${body.id}`)).body).toEqual(before);
  });

  it('a new item with a bad rule is not created', async () => {
    const count = await itemCount();
    const res = await api.post('/api/itemCatalog', { name: 'Half saved', cost: 1, price: 2, calculations: [{ type: 'STATIC' }] });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ 'calculations.0.step': 'Step is required.' });
    expect(await itemCount()).toBe(count);
  });

  it('a stale version (409) writes neither the item nor its rules', async () => {
    const { body } = await api.post('/api/itemCatalog', { name: 'Salt', cost: 95, price: 185, calculations: goodRules });
    const read = (await api.get(`/api/itemCatalog/${body.id}`)).body;
    const saved = await api.put(`/api/itemCatalog/${body.id}`, { ...read, price: 190 });
    expect(saved.status).toBe(200);
    const rulesBefore = await rulesOf(body.id);

    const stale = await api.put(`/api/itemCatalog/${body.id}`, { ...read, price: 1, calculations: [{ type: 'STATIC', step: 5 }] });
    expect(stale.status).toBe(409);
    expect((await api.get(`/api/itemCatalog/${body.id}`)).body).toEqual(saved.body);
    expect(await rulesOf(body.id)).toEqual(rulesBefore);
  });

  it('keeps the limits and shapes of the rules route', async () => {
    const { body } = await api.post('/api/itemCatalog', { name: 'Edging', cost: 1, price: 2 });
    const read = (await api.get(`/api/itemCatalog/${body.id}`)).body;
    const many = Array.from({ length: MAX_PRICE_RULES_PER_ITEM + 1 }, () => ({ type: 'STATIC', step: 1 }));
    const tooMany = await api.put(`/api/itemCatalog/${body.id}`, { ...read, calculations: many });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.errors).toEqual({ calculations: tooManyPriceRulesMessage });
    for (const calculations of ['none', [1], { type: 'STATIC' }]) {
      const res = await api.put(`/api/itemCatalog/${body.id}`, { ...read, calculations });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({ calculations: RULE_LIST_INVALID });
    }
    expect((await api.get(`/api/itemCatalog/${body.id}`)).body).toEqual(read);
    expect(await rulesOf(body.id)).toEqual([]);
  });
});
