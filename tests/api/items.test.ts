import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { items } from '../../src/schema';
import { createTestApi, type TestApi } from '../helpers/testApi';
import { databaseKinds } from '../helpers/testDatabase';

const rows = [
  { name: 'Hardwood mulch', description: 'Double shredded', units: 'yd³', cost: 28, price: 65 },
  { name: 'edging beds', description: null, units: 'linear ft', cost: 0.35, price: 0.95 },
  { name: 'Lawn mowing', description: 'Mow, trim and blow', units: 'visit', cost: 25, price: 45 },
  { name: 'Rock salt', description: 'Bulk de-icer', units: 'ton', cost: 95, price: 185 },
  { name: 'Sod 100%_bluegrass', description: 'Fresh cut', units: null, cost: 0.45, price: 1.35 },
];

/** Text that does not compress: a b-tree on it would refuse a long description. */
const randomText = (length: number) =>
  Array.from({ length }, (_, i) => String.fromCharCode(97 + ((i * 7919 + ((i * i) % 31)) % 26))).join('');

describe.each(databaseKinds())('item catalogue API on %s', (kind) => {
  let api: TestApi;
  const ids: number[] = [];
  const names = (res: { body: { items: { name: string }[] } }) => res.body.items.map((i) => i.name);

  beforeAll(async () => {
    api = await createTestApi(kind);
    for (const row of rows) {
      const res = await api.post('/api/itemCatalog', row);
      expect(res.status).toBe(201);
      ids.push(res.body.id);
    }
  });
  afterAll(() => api?.close());

  it('lists {items, count} by item_name ascending, case-insensitively, all rows without a limit', async () => {
    const res = await api.get('/api/itemCatalog');
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(5);
    expect(names(res)).toEqual(['edging beds', 'Hardwood mulch', 'Lawn mowing', 'Rock salt', 'Sod 100%_bluegrass']);
    expect(res.body.items[1]).toMatchObject({ id: ids[0], cost: 28, price: 65, units: 'yd³', version: 1 });
    const explicit = await api.get('/api/itemCatalog?sortBy=item_name&sortDirection=ASC&limit=null');
    expect(names(explicit)).toEqual(names(res));
  });

  it('has exactly the sort keys of SPEC §9, and the kind and hours per unit of issue 24', () => {
    expect([...items.sortKeys.keys()].sort()).toEqual([
      'item_cost',
      'item_description',
      'item_hours_per_unit',
      'item_kind',
      'item_name',
      'item_price',
      'item_units',
    ]);
  });

  it.each([
    ['item_name', ['edging beds', 'Hardwood mulch', 'Lawn mowing', 'Rock salt', 'Sod 100%_bluegrass']],
    ['item_description', ['Rock salt', 'Hardwood mulch', 'Sod 100%_bluegrass', 'Lawn mowing', 'edging beds']],
    ['item_units', ['edging beds', 'Rock salt', 'Lawn mowing', 'Hardwood mulch', 'Sod 100%_bluegrass']],
    ['item_cost', ['edging beds', 'Sod 100%_bluegrass', 'Lawn mowing', 'Hardwood mulch', 'Rock salt']],
    ['item_price', ['edging beds', 'Sod 100%_bluegrass', 'Lawn mowing', 'Hardwood mulch', 'Rock salt']],
  ])('sorts by %s both ways', async (key, ascending) => {
    const asc = await api.get(`/api/itemCatalog?sortBy=${key}&sortDirection=ASC`);
    expect(asc.status).toBe(200);
    expect(names(asc)).toEqual(ascending);
    const desc = await api.get(`/api/itemCatalog?sortBy=${key}&sortDirection=DESC`);
    const nullsLastAsc = ascending.filter((n) => rows.find((r) => r.name === n)![fieldOf(key)] !== null);
    // PostgreSQL puts nulls last ascending and first descending: compare the non-null part.
    expect(names(desc).filter((n) => nullsLastAsc.includes(n))).toEqual([...nullsLastAsc].reverse());
  });

  it('searches name, description and units case-insensitively, wildcards taken literally', async () => {
    expect(names(await api.get('/api/itemCatalog?searchTerm=MULCH'))).toEqual(['Hardwood mulch']);
    expect(names(await api.get('/api/itemCatalog?searchTerm=de-icer'))).toEqual(['Rock salt']);
    expect(names(await api.get('/api/itemCatalog?searchTerm=linear'))).toEqual(['edging beds']);
    expect(names(await api.get(`/api/itemCatalog?searchTerm=${encodeURIComponent('100%_')}`))).toEqual(['Sod 100%_bluegrass']);
    expect((await api.get(`/api/itemCatalog?searchTerm=${encodeURIComponent('r_ck')}`)).body.count).toBe(0);
  });

  it('pages with limit and offset, count staying the total', async () => {
    const page = await api.get('/api/itemCatalog?limit=2&offset=1');
    expect(page.body.count).toBe(5);
    expect(names(page)).toEqual(['Hardwood mulch', 'Lawn mowing']);
  });

  it.each([
    ['sortBy=item_secret', 'Unknown sort key: item_secret.'],
    ['sortBy=name', 'Unknown sort key: name.'],
    ['sortDirection=UP', 'sortDirection must be ASC or DESC.'],
    ['limit=all', 'limit must be a whole number.'],
    ['filter:item_name=%22x%22', 'Unknown filter column: item_name.'],
  ])('answers 400 for %s', async (query, message) => {
    const res = await api.get(`/api/itemCatalog?${query}`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message });
  });

  it('refuses invalid items with the SPEC §5 messages and stores nothing', async () => {
    const empty = await api.post('/api/itemCatalog', { name: '', cost: null, price: null });
    expect(empty.status).toBe(400);
    expect(empty.body).toEqual({
      message: 'Form is invalid.',
      errors: { name: 'Name is required.', cost: 'Cost is required.', price: 'Price is required.' },
    });
    const long = await api.post('/api/itemCatalog', {
      name: 'n'.repeat(151),
      description: 'd'.repeat(65536),
      units: 'u'.repeat(51),
      cost: 'cheap',
      price: '',
    });
    expect(long.body.errors).toEqual({
      name: 'Name cannot exceed 150 characters.',
      description: 'Description cannot exceed 65535 characters.',
      units: 'Units cannot exceed 50 characters.',
      cost: 'Cost is invalid.',
      price: 'Price is required.',
    });
    expect((await api.post('/api/itemCatalog', { name: 'x', cost: 1e12, price: 1 })).body.errors).toEqual({ cost: 'Cost is invalid.' });
    expect((await api.post('/api/itemCatalog', { name: 'x', cost: -5, price: -0.01 })).body.errors).toEqual({
      cost: 'Cost cannot be negative.',
      price: 'Price cannot be negative.',
    });
    expect((await api.get('/api/itemCatalog')).body.count).toBe(5);
    const free = await api.post('/api/itemCatalog', { name: 'Free sample', cost: 0, price: 0 });
    expect(free.status).toBe(201);
    expect((await api.del(`/api/itemCatalog/${free.body.id}`)).status).toBe(204);
  });

  it('takes the longest allowed values, including a long varied description', async () => {
    const res = await api.post('/api/itemCatalog', {
      name: 'n'.repeat(150),
      description: randomText(65535),
      units: 'u'.repeat(50),
      cost: '12.5',
      price: 0,
    });
    expect(res.status).toBe(201);
    const stored = (await api.get(`/api/itemCatalog/${res.body.id}`)).body;
    expect(stored.description).toHaveLength(65535);
    expect(stored).toMatchObject({ cost: 12.5, price: 0 });
    const sorted = await api.get('/api/itemCatalog?sortBy=item_description&sortDirection=DESC&limit=1');
    expect(sorted.status).toBe(200);
    expect((await api.del(`/api/itemCatalog/${res.body.id}`)).status).toBe(204);
  });

  it('stores money to the cent, rounding half away from zero', async () => {
    const res = await api.post('/api/itemCatalog', { name: 'Rounding', cost: 10.005, price: 2.675 });
    const stored = (await api.get(`/api/itemCatalog/${res.body.id}`)).body;
    expect(stored).toMatchObject({ cost: 10.01, price: 2.68 });
    await api.del(`/api/itemCatalog/${res.body.id}`);
  });

  it('refuses a cost or price that rounds up to 10,000,000,000.00 with 400 naming the field, not a numeric overflow', async () => {
    for (const field of ['cost', 'price'] as const) {
      const body = { name: 'Too dear', cost: 1, price: 1, [field]: 9_999_999_999.995 };
      const res = await api.post('/api/itemCatalog', body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: 'Form is invalid.', errors: { [field]: `${field === 'cost' ? 'Cost' : 'Price'} is invalid.` } });
    }
    const largest = await api.post('/api/itemCatalog', { name: 'Dearest', cost: 9_999_999_999.99, price: 9_999_999_999.994 });
    expect(largest.status).toBe(201);
    expect((await api.get(`/api/itemCatalog/${largest.body.id}`)).body).toMatchObject({ cost: 9_999_999_999.99, price: 9_999_999_999.99 });
    await api.del(`/api/itemCatalog/${largest.body.id}`);
  });

  it('updates with the full body (200, stored record, version + 1) and refuses stale versions', async () => {
    const id = ids[2];
    const read = (await api.get(`/api/itemCatalog/${id}`)).body;
    const updated = await api.put(`/api/itemCatalog/${id}`, { ...read, price: 47.5, units: 'visit (≤ 1 acre)' });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ id, name: 'Lawn mowing', price: 47.5, units: 'visit (≤ 1 acre)', version: 2 });

    const stale = await api.put(`/api/itemCatalog/${id}`, { ...read, price: 1 });
    expect(stale.status).toBe(409);
    expect((await api.get(`/api/itemCatalog/${id}`)).body.price).toBe(47.5);

    const invalid = await api.put(`/api/itemCatalog/${id}`, { ...updated.body, cost: null });
    expect(invalid.status).toBe(400);
    expect(invalid.body.errors).toEqual({ cost: 'Cost is required.' });
    expect((await api.get(`/api/itemCatalog/${id}`)).body).toMatchObject({ cost: 25, version: 2 });
  });

  it('deletes (204), then answers 404 with a plain message', async () => {
    const { body } = await api.post('/api/itemCatalog', { name: 'Temporary', cost: 1, price: 2 });
    expect((await api.del(`/api/itemCatalog/${body.id}`)).status).toBe(204);
    const gone = await api.get(`/api/itemCatalog/${body.id}`);
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual({ message: 'Item not found.' });
    expect((await api.del(`/api/itemCatalog/${body.id}`)).status).toBe(404);
    expect((await api.put(`/api/itemCatalog/${body.id}`, { name: 'x', cost: 1, price: 1 })).status).toBe(404);
    expect((await api.get('/api/itemCatalog/abc')).body).toEqual({ message: 'Invalid id.' });
  });
});

function fieldOf(key: string): keyof (typeof rows)[number] {
  return items.field(items.sortKeys.get(key)!)!.name as keyof (typeof rows)[number];
}
