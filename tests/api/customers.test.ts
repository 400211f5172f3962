import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../../src/schema';
import { createTestApi, TEST_XSRF, type TestApi } from '../helpers/testApi';
import { databaseKinds } from '../helpers/testDatabase';

const base = { address1: '12 Main St', city: 'Trenton', state: 'NJ', zip: '08608' };

const rows = [
  { name: 'Acme Lawns', address1: '1 Oak Ave', address2: 'Suite 4', city: 'Trenton', state: 'NJ', zip: '08608', type: 1 },
  { name: 'birch Landscaping', address1: '22 Pine Rd', address2: null, city: 'Camden', state: 'NJ', zip: '08101', type: 0 },
  { name: 'Cedar Snow Co', address1: '9 Elm St', address2: 'Unit 2', city: 'Philadelphia', state: 'PA', zip: '19103', type: 1 },
  { name: 'Dogwood Gardens', address1: '300 Market St', address2: null, city: 'Wilmington', state: 'DE', zip: '19801', type: 0 },
  { name: 'Elm 100% Organic_Care', address1: '5 Birch Ln', address2: null, city: 'Allentown', state: 'PA', zip: '18101', type: 1 },
];

describe.each(databaseKinds())('customers API on %s', (kind) => {
  let api: TestApi;
  const ids: number[] = [];

  beforeAll(async () => {
    api = await createTestApi(kind);
    for (const row of rows) {
      const res = await api.post('/api/customers', row);
      expect(res.status).toBe(201);
      ids.push(res.body.id);
    }
  });
  afterAll(() => api?.close());

  it('lists with the default sort, case-insensitively, and a total count', async () => {
    const res = await api.get('/api/customers');
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(5);
    expect(res.body.customers.map((c: { name: string }) => c.name)).toEqual(rows.map((r) => r.name));
    expect(res.body.customers[0]).toMatchObject({ id: ids[0], version: 1, type: 1, state: 'NJ' });
    expect(typeof res.body.customers[0].createdAt).toBe('string');
  });

  it.each([...customers.sortKeys.keys()])('sorts by %s both ways', async (key) => {
    const asc = await api.get(`/api/customers?sortBy=${key}&sortDirection=ASC`);
    const desc = await api.get(`/api/customers?sortBy=${key}&sortDirection=DESC`);
    expect(asc.status).toBe(200);
    expect(desc.status).toBe(200);
    const field = customers.field(customers.sortKeys.get(key)!)!;
    const values = (res: typeof asc) => res.body.customers.map((c: Record<string, unknown>) => c[field.name]);
    const expected = [...values(asc)].sort((a, b) =>
      a === null ? 1 : b === null ? -1 : String(a).toLowerCase().localeCompare(String(b).toLowerCase()),
    );
    expect(values(asc).filter((v: unknown) => v !== null)).toEqual(expected.filter((v) => v !== null));
    expect(values(desc).filter((v: unknown) => v !== null)).toEqual([...expected.filter((v) => v !== null)].reverse());
  });

  it('searches case-insensitively across name, address and city', async () => {
    const byCity = await api.get('/api/customers?searchTerm=PHILA');
    expect(byCity.body.customers.map((c: { name: string }) => c.name)).toEqual(['Cedar Snow Co']);
    const byAddressAndName = await api.get('/api/customers?searchTerm=birch');
    expect(byAddressAndName.body.count).toBe(2);
    const literalPercent = await api.get(`/api/customers?searchTerm=${encodeURIComponent('100%')}`);
    expect(literalPercent.body.count).toBe(1);
    const literalUnderscore = await api.get(`/api/customers?searchTerm=${encodeURIComponent('c_')}`);
    expect(literalUnderscore.body.customers.map((c: { name: string }) => c.name)).toEqual(['Elm 100% Organic_Care']);
    const notAWildcard = await api.get(`/api/customers?searchTerm=${encodeURIComponent('o_')}`);
    expect(notAWildcard.body.count).toBe(0);
  });

  it('searches each field on its own, follows edits, and keeps its search text out of records', async () => {
    // "Lawns" ends the name and "1 Oak" begins address 1: no term spans the two.
    expect((await api.get(`/api/customers?searchTerm=${encodeURIComponent('lawns1 oak')}`)).body.count).toBe(0);
    expect((await api.get(`/api/customers?searchTerm=${encodeURIComponent('lawns\u001f1 oak')}`)).body.count).toBe(0);
    expect((await api.get(`/api/customers?searchTerm=${encodeURIComponent('\u001f')}`)).body.count).toBe(0);
    expect((await api.get('/api/customers?searchTerm=08101')).body.customers.map((c: { name: string }) => c.name)).toEqual([
      'birch Landscaping',
    ]);

    const created = await api.post('/api/customers', { ...base, name: 'Quartzite Yards' });
    const read = await api.get(`/api/customers/${created.body.id}`);
    expect(Object.keys(read.body)).not.toContain('searchText');
    expect((await api.get('/api/customers?searchTerm=QUARTZ')).body.count).toBe(1);
    const renamed = await api.put(`/api/customers/${created.body.id}`, { ...base, name: 'Basalt Yards', version: read.body.version });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(Object.keys(renamed.body)).not.toContain('searchText');
    expect((await api.get('/api/customers?searchTerm=quartz')).body.count).toBe(0);
    const found = await api.get('/api/customers?searchTerm=basalt');
    expect(found.body.customers.map((c: { id: number }) => c.id)).toEqual([created.body.id]);
    expect(Object.keys(found.body.customers[0])).not.toContain('searchText');
    expect((await api.del(`/api/customers/${created.body.id}`)).status).toBe(204);
  });

  it('answers a page past the end of a search with no rows and the count', async () => {
    const past = await api.get('/api/customers?searchTerm=birch&limit=10&offset=10');
    expect(past.body).toMatchObject({ count: 2, customers: [] });
  });

  it('pages through search results in the same order whichever plan the page takes', async () => {
    const all = await api.get('/api/customers?searchTerm=e&sortBy=customer_city&sortDirection=DESC');
    expect(all.body.count).toBeGreaterThan(3);
    const names = all.body.customers.map((c: { name: string }) => c.name);
    const paged: string[] = [];
    for (let offset = 0; offset < all.body.count; offset += 2) {
      const page = await api.get(`/api/customers?searchTerm=e&sortBy=customer_city&sortDirection=DESC&limit=2&offset=${offset}`);
      expect(page.body.count).toBe(all.body.count);
      paged.push(...page.body.customers.map((c: { name: string }) => c.name));
    }
    expect(paged).toEqual(names);
  });

  it('filters by a single value and by an array of values', async () => {
    const single = await api.get(`/api/customers?filter:customer_state=${encodeURIComponent('"PA"')}`);
    expect(single.body.count).toBe(2);
    const many = await api.get(`/api/customers?filter:customer_state=${encodeURIComponent('["PA","DE"]')}&sortBy=customer_name`);
    expect(many.body.customers.map((c: { state: string }) => c.state)).toEqual(['PA', 'DE', 'PA']);
    const combined = await api.get(
      `/api/customers?filter:customer_state=${encodeURIComponent('["NJ"]')}&filter:customer_type=${encodeURIComponent('1')}`,
    );
    expect(combined.body.customers.map((c: { name: string }) => c.name)).toEqual(['Acme Lawns']);
  });

  it('pages with limit and offset while count stays the total', async () => {
    const page = await api.get('/api/customers?limit=2&offset=2');
    expect(page.body.count).toBe(5);
    expect(page.body.customers.map((c: { name: string }) => c.name)).toEqual(['Cedar Snow Co', 'Dogwood Gardens']);
    const all = await api.get('/api/customers?limit=null&offset=null');
    expect(all.body.customers).toHaveLength(5);
  });

  it.each([
    ['sortBy=customer_password', 'Unknown sort key: customer_password.'],
    ['filter:customer_secret=1', 'Unknown filter column: customer_secret.'],
    ['sortDirection=SIDEWAYS', 'sortDirection must be ASC or DESC.'],
    ['limit=ten', 'limit must be a whole number.'],
    ['offset=-1', 'offset must be a whole number.'],
    ['filter:customer_state=not-json', 'Filter customer_state must be JSON.'],
    // Repeated parameters are refused alike, naming the parameter (a repeated searchTerm used to list every row).
    ['searchTerm=Oak&searchTerm=Cedar', 'searchTerm can be given only once.'],
    ['sortBy=customer_name&sortBy=customer_city', 'sortBy can be given only once.'],
    ['sortDirection=ASC&sortDirection=DESC', 'sortDirection can be given only once.'],
    ['limit=1&limit=2', 'limit can be given only once.'],
    ['offset=1&offset=2', 'offset can be given only once.'],
    ['filter:customer_state="NJ"&filter:customer_state="PA"', 'filter:customer_state can be given only once.'],
  ])('answers 400 for %s', async (query, message) => {
    const res = await api.get(`/api/customers?${query}`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message });
  });

  it('creates (201 {id}), reads, updates with version, and deletes', async () => {
    const created = await api.post('/api/customers', { ...base, name: 'Fern Estates' });
    expect(created.status).toBe(201);
    expect(Object.keys(created.body)).toEqual(['id']);
    const id = created.body.id;
    const read = await api.get(`/api/customers/${id}`);
    expect(read.body).toMatchObject({ id, name: 'Fern Estates', type: 0, address2: null, version: 1 });

    const updated = await api.put(`/api/customers/${id}`, { ...read.body, name: 'Fern Estates HOA', type: 1 });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ id, name: 'Fern Estates HOA', type: 1, version: 2 });

    const stale = await api.put(`/api/customers/${id}`, { ...read.body, name: 'Stale edit' });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toMatch(/changed by someone else/);
    expect((await api.get(`/api/customers/${id}`)).body.name).toBe('Fern Estates HOA');

    expect((await api.del(`/api/customers/${id}`)).status).toBe(204);
    const gone = await api.get(`/api/customers/${id}`);
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual({ message: 'Customer not found.' });
    expect((await api.put(`/api/customers/${id}`, { ...base, name: 'x' })).status).toBe(404);
    expect((await api.del(`/api/customers/${id}`)).status).toBe(404);
  });

  it('refuses invalid bodies with the spec messages and stores nothing', async () => {
    const before = (await api.get('/api/customers')).body.count;
    const res = await api.post('/api/customers', {
      name: '',
      address1: 'x'.repeat(151),
      city: '',
      state: 'SAS',
      zip: '1'.repeat(16),
      address2: 'y'.repeat(151),
      county: 'z'.repeat(151),
      type: 7,
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      message: 'Form is invalid.',
      errors: {
        name: 'Name is required.',
        address1: 'Address 1 cannot exceed 150 characters.',
        address2: 'Address 2 cannot exceed 150 characters.',
        city: 'City is required.',
        county: 'County cannot exceed 150 characters.',
        state: 'State is required.',
        zip: 'Zip cannot exceed 15 characters.',
        type: 'Type is invalid.',
      },
    });
    const long = await api.post('/api/customers', { ...base, name: 'n'.repeat(251) });
    expect(long.body.errors).toEqual({ name: 'Name cannot exceed 250 characters.' });
    expect((await api.post('/api/customers', { ...base, name: 'n'.repeat(250) })).status).toBe(201);
    expect((await api.get('/api/customers')).body.count).toBe(before + 1);

    const id = ids[0];
    const bad = await api.put(`/api/customers/${id}`, { name: '', state: 'XX', version: 1 });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ name: 'Name is required.', state: 'State is invalid.' });
    expect((await api.get(`/api/customers/${id}`)).body).toMatchObject({ name: 'Acme Lawns', version: 1 });
  });

  it('rejects malformed ids and bodies with plain messages', async () => {
    expect((await api.get('/api/customers/abc')).body).toEqual({ message: 'Invalid id.' });
    const arrayBody = await api.post('/api/customers', [1, 2]);
    expect(arrayBody.status).toBe(400);
    expect(arrayBody.body).toEqual({ message: 'The request body must be a JSON object.' });
    const broken = await api.app.inject({
      method: 'POST',
      url: '/api/customers',
      payload: '{"name": ',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${api.token}`,
        cookie: `XSRF-TOKEN=${TEST_XSRF}`,
        'x-xsrf-token': TEST_XSRF,
      },
    });
    expect(broken.statusCode).toBe(400);
    expect(JSON.parse(broken.body)).toEqual({ message: 'Malformed request.' });
  });
});
