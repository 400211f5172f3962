import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sites } from '../../src/schema';
import { createTestApi, type TestApi } from '../helpers/testApi';
import { databaseKinds } from '../helpers/testDatabase';

const customer = { name: 'Acme Lawns', address1: '1 Oak Ave', city: 'Trenton', county: 'Mercer', state: 'NJ', zip: '08608', type: 1 };

const rows = [
  {
    name: 'Acme HQ',
    address1: '1 Oak Ave',
    address2: 'Suite 4',
    city: 'Trenton',
    county: 'Mercer',
    state: 'NJ',
    zip: '08608',
    notes: 'Gate code 1234',
  },
  {
    name: 'birch Office Park',
    address1: '22 Pine Rd',
    address2: null,
    city: 'Camden',
    county: 'Camden',
    state: 'NJ',
    zip: '08101',
    notes: null,
  },
  {
    name: 'Center City Lot',
    address1: '9 Elm St',
    address2: 'Unit 2',
    city: 'Philadelphia',
    county: 'Philadelphia',
    state: 'PA',
    zip: '19103',
    notes: null,
  },
  {
    name: 'Dover Warehouse',
    address1: '300 Birch Ln',
    address2: null,
    city: 'Dover',
    county: 'Kent',
    state: 'DE',
    zip: '19901',
    notes: null,
  },
];

describe.each(databaseKinds())('sites API on %s', (kind) => {
  let api: TestApi;
  let customerID: number;
  const ids: number[] = [];

  beforeAll(async () => {
    api = await createTestApi(kind);
    customerID = (await api.post('/api/customers', customer)).body.id;
    for (const row of rows) {
      const res = await api.post(`/api/customers/${customerID}/sites`, row);
      expect(res.status).toBe(201);
      ids.push(res.body.id);
    }
  });
  afterAll(() => api?.close());

  it('lists by site_name ascending, case-insensitively, with a total count', async () => {
    const res = await api.get('/api/sites');
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(4);
    expect(res.body.sites.map((s: { name: string }) => s.name)).toEqual(rows.map((r) => r.name));
    expect(res.body.sites[0]).toMatchObject({ ...rows[0], id: ids[0], customerID, version: 1 });
  });

  it("has the sort keys of SPEC §9 with the site_ prefix, and the customer's name", () => {
    expect([...sites.sortKeys.keys()]).toEqual([
      'site_name',
      'customer_name',
      'site_address_1',
      'site_address_2',
      'site_city',
      'site_state',
      'site_zip',
    ]);
  });

  it.each([...sites.sortKeys.keys()])('sorts by %s both ways', async (key) => {
    const field = sites.field(sites.sortKeys.get(key)!)!.name;
    const values = async (direction: string) =>
      (await api.get(`/api/sites?sortBy=${key}&sortDirection=${direction}`)).body.sites
        .map((s: Record<string, unknown>) => s[field])
        .filter((v: unknown) => v !== null);
    const ascending = await values('ASC');
    const expected = [...ascending].sort((a, b) => String(a).toLowerCase().localeCompare(String(b).toLowerCase()));
    expect(ascending).toEqual(expected);
    expect(await values('DESC')).toEqual([...expected].reverse());
  });

  it('searches across name and address', async () => {
    const names = async (term: string) =>
      (await api.get(`/api/sites?searchTerm=${encodeURIComponent(term)}`)).body.sites.map((s: { name: string }) => s.name);
    expect(await names('BIRCH')).toEqual(['birch Office Park', 'Dover Warehouse']);
    expect(await names('philadelphia')).toEqual(['Center City Lot']);
    expect(await names('suite')).toEqual([]); // address 2 is not searched
    expect(await names('19901')).toEqual(['Dover Warehouse']);
    expect(await names('nowhere')).toEqual([]);
  });

  it('pages with limit and offset, and refuses unknown sort keys', async () => {
    const page = await api.get('/api/sites?limit=2&offset=1');
    expect(page.body.count).toBe(4);
    expect(page.body.sites.map((s: { name: string }) => s.name)).toEqual(['birch Office Park', 'Center City Lot']);
    const bad = await api.get('/api/sites?sortBy=customer_city');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Unknown sort key: customer_city.');
  });

  it("lists a customer's sites under the customer, and 404 for an unknown customer", async () => {
    const other = (await api.post('/api/customers', { ...customer, name: 'Other' })).body.id;
    await api.post(`/api/customers/${other}/sites`, { ...rows[0], name: 'Other Site' });
    const res = await api.get(`/api/customers/${customerID}/sites`);
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(4);
    expect(res.body.sites.every((s: { customerID: number }) => s.customerID === customerID)).toBe(true);
    const missing = await api.get('/api/customers/999999/sites');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Customer not found.');
    await api.del(`/api/customers/${other}`);
  });

  it('creates under the customer of the URL, and refuses an unknown customer', async () => {
    const missing = await api.post('/api/customers/999999/sites', rows[0]);
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Customer not found.');
    // The body's customerID cannot move the site elsewhere.
    const created = await api.post(`/api/customers/${customerID}/sites`, { ...rows[0], name: 'Moved?', customerID: 999999 });
    expect(created.status).toBe(201);
    expect((await api.get(`/api/sites/${created.body.id}`)).body.customerID).toBe(customerID);
    expect((await api.del(`/api/sites/${created.body.id}`)).status).toBe(204);
  });

  it('validates with the messages of SPEC §5 and stores nothing', async () => {
    const res = await api.post(`/api/customers/${customerID}/sites`, {
      name: 'n'.repeat(251),
      address1: '',
      address2: 'a'.repeat(151),
      city: ' ',
      county: 'c'.repeat(151),
      state: 'SAS',
      zip: '1'.repeat(16),
      notes: 'x'.repeat(65536),
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      message: 'Form is invalid.',
      errors: {
        name: 'Name cannot exceed 250 characters.',
        address1: 'Address 1 is required.',
        address2: 'Address 2 cannot exceed 150 characters.',
        city: 'City is required.',
        county: 'County cannot exceed 150 characters.',
        state: 'State is required.',
        zip: 'Zip cannot exceed 15 characters.',
        notes: 'Notes cannot exceed 65535 characters.',
      },
    });
    const more = await api.post(`/api/customers/${customerID}/sites`, { address1: 'a'.repeat(151), city: 'Trenton', state: 'XX' });
    expect(more.body.errors).toEqual({
      name: 'Name is required.',
      address1: 'Address 1 cannot exceed 150 characters.',
      state: 'State is invalid.',
    });
    expect((await api.get('/api/sites')).body.count).toBe(4);
  });

  it('accepts the longest allowed values', async () => {
    const res = await api.post(`/api/customers/${customerID}/sites`, {
      name: 'n'.repeat(250),
      address1: 'a'.repeat(150),
      city: 'c'.repeat(150),
      state: 'NJ',
      zip: 'z'.repeat(15),
      notes: 'x'.repeat(65535),
    });
    expect(res.status).toBe(201);
    expect((await api.get(`/api/sites/${res.body.id}`)).body.notes).toHaveLength(65535);
    await api.del(`/api/sites/${res.body.id}`);
  });

  it('gets one site, and 404 for an unknown or malformed id', async () => {
    const res = await api.get(`/api/sites/${ids[1]}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ...rows[1], id: ids[1], customerID });
    const missing = await api.get('/api/sites/999999');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Site not found.');
    expect((await api.get('/api/sites/abc')).status).toBe(400);
  });

  it('updates with the full body, refuses a stale version and an invalid body', async () => {
    const current = (await api.get(`/api/sites/${ids[2]}`)).body;
    const saved = await api.put(`/api/sites/${ids[2]}`, { ...current, name: 'Center City Lot B', notes: 'Plow first' });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ name: 'Center City Lot B', notes: 'Plow first', version: current.version + 1 });

    const stale = await api.put(`/api/sites/${ids[2]}`, { ...current, name: 'Lost update' });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toMatch(/changed by someone else/);

    const invalid = await api.put(`/api/sites/${ids[2]}`, { ...saved.body, name: '', state: 'SAS' });
    expect(invalid.status).toBe(400);
    expect(invalid.body.errors).toEqual({ name: 'Name is required.', state: 'State is required.' });
    expect((await api.get(`/api/sites/${ids[2]}`)).body).toMatchObject({
      name: 'Center City Lot B',
      state: 'PA',
      version: current.version + 1,
    });

    expect((await api.put('/api/sites/999999', rows[0])).status).toBe(404);
  });

  it('deletes a site, then it is gone', async () => {
    const id = (await api.post(`/api/customers/${customerID}/sites`, { ...rows[0], name: 'Temporary' })).body.id;
    expect((await api.del(`/api/sites/${id}`)).status).toBe(204);
    expect((await api.get(`/api/sites/${id}`)).status).toBe(404);
    const again = await api.del(`/api/sites/${id}`);
    expect(again.status).toBe(404);
    expect(again.body.message).toBe('Site not found.');
  });

  it('goes with its customer when the customer is deleted', async () => {
    const owner = (await api.post('/api/customers', { ...customer, name: 'Leaving Co' })).body.id;
    const site = (await api.post(`/api/customers/${owner}/sites`, { ...rows[0], name: 'Leaving Site' })).body.id;
    expect((await api.del(`/api/customers/${owner}`)).status).toBe(204);
    expect((await api.get(`/api/sites/${site}`)).status).toBe(404);
  });
});

describe.each(databaseKinds())("the sites list by customer on %s (five sites all named 'Clubhouse')", (kind) => {
  let api: TestApi;
  // Created in this order: ids ascending break ties of the same customer name.
  const owners = ['Zephyr HOA', 'acme Condos', 'Maple Ridge Homeowners', 'Birchwood Commons', 'maple ridge homeowners'];
  const customerIDs: number[] = [];
  const siteIDs: number[] = [];

  beforeAll(async () => {
    api = await createTestApi(kind);
    for (const name of owners) {
      const id = (await api.post('/api/customers', { ...customer, name })).body.id;
      customerIDs.push(id);
      siteIDs.push((await api.post(`/api/customers/${id}/sites`, { ...rows[0], name: 'Clubhouse' })).body.id);
    }
  });
  afterAll(() => api?.close());

  const list = async (query: string) =>
    (await api.get(`/api/sites?${query}`)).body as { sites: { id: number; customerName: string }[]; count: number };

  it('shows each site with its customer name, and sorts by customer_name both ways (case-insensitively, ties by id, reversed with DESC)', async () => {
    const ascending = await list('sortBy=customer_name&sortDirection=ASC');
    expect(ascending.sites.map((s) => s.customerName)).toEqual([
      'acme Condos',
      'Birchwood Commons',
      'Maple Ridge Homeowners',
      'maple ridge homeowners',
      'Zephyr HOA',
    ]);
    expect(ascending.sites.map((s) => s.id)).toEqual([siteIDs[1], siteIDs[3], siteIDs[2], siteIDs[4], siteIDs[0]]);
    const descending = await list('sortBy=customer_name&sortDirection=DESC');
    // DESC is the exact reverse, ties included.
    expect(descending.sites.map((s) => s.id)).toEqual(ascending.sites.map((s) => s.id).reverse());
    const page = await list('sortBy=customer_name&sortDirection=ASC&limit=2&offset=1');
    expect(page.count).toBe(5);
    expect(page.sites.map((s) => s.customerName)).toEqual(['Birchwood Commons', 'Maple Ridge Homeowners']);
  });

  it("finds sites by their customer's name", async () => {
    const zephyr = await list('searchTerm=zephyr');
    expect(zephyr.count).toBe(1);
    expect(zephyr.sites.map((s) => s.id)).toEqual([siteIDs[0]]);
    expect((await list(`searchTerm=${encodeURIComponent('MAPLE RIDGE')}&sortBy=customer_name`)).sites.map((s) => s.id)).toEqual([
      siteIDs[2],
      siteIDs[4],
    ]);
    // The site's own fields still match.
    expect((await list('searchTerm=clubhouse')).count).toBe(5);
    expect((await list('searchTerm=nobody')).count).toBe(0);
  });

  it("follows a customer's rename", async () => {
    const current = (await api.get(`/api/customers/${customerIDs[3]}`)).body;
    expect((await api.put(`/api/customers/${customerIDs[3]}`, { ...current, name: 'Quarry Lane Association' })).status).toBe(200);
    const renamed = await list('searchTerm=quarry');
    expect(renamed.sites.map((s) => [s.id, s.customerName])).toEqual([[siteIDs[3], 'Quarry Lane Association']]);
    expect((await list('searchTerm=birchwood')).count).toBe(0);
    const sorted = await list('sortBy=customer_name&sortDirection=DESC&limit=2');
    expect(sorted.sites.map((s) => s.customerName)).toEqual(['Zephyr HOA', 'Quarry Lane Association']);
  });
});
