import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ESTIMATE_CREATED_YEAR, ESTIMATE_SITE_SERVICE, estimates } from '../../src/schema';
import * as tables from '../../server/db/entityTables';
import { createTestApi, type TestApi } from '../helpers/testApi';
import { databaseKinds } from '../helpers/testDatabase';
import { makeCustomerWithSite, makeUser, signedInUserId } from '../helpers/estimateFixtures';

type Estimate = Record<string, unknown> & { id: number; number: number; version: number; projectName: string; customerName: string };

describe.each(databaseKinds())('estimates API on %s', (kind) => {
  let api: TestApi;
  let me: number;
  let other: number;
  let acme: { customerID: number; siteID: number };
  let birch: { customerID: number; siteID: number };
  const ids: number[] = [];

  const create = (siteID: number, projectName: string, person = me) =>
    api.post(`/api/sites/${siteID}/estimates`, { siteID, projectName, salesperson: person, estimator: person });
  const list = async (query = '') => (await api.get(`/api/estimates${query}`)).body as { estimates: Estimate[]; count: number };
  const numbersOf = (rows: Estimate[]) => rows.map((e) => e.number);

  beforeAll(async () => {
    api = await createTestApi(kind);
    me = await signedInUserId(api);
    other = await makeUser(api, 'pat');
    acme = await makeCustomerWithSite(api, 'Acme Lawns');
    birch = await makeCustomerWithSite(api, 'birch Property Group');
    for (const [site, name] of [
      [acme, 'Spring Cleanup'],
      [birch, 'Acme-style mulch'],
      [acme, 'zebra Fence Line'],
    ] as const) {
      const res = await create(site.siteID, name);
      expect(res.status).toBe(201);
      ids.push(res.body.id);
    }
  });
  afterAll(() => api?.close());

  it("creates under a site: number from the sequence, In Progress, now, the site's customer, made by the signed-in user", async () => {
    const before = Date.now();
    const res = await api.post(`/api/sites/${acme.siteID}/estimates`, {
      siteID: birch.siteID, // the URL's site wins
      projectName: 'Snow 2026',
      salesperson: other,
      estimator: me,
      status: 3,
      number: 999,
      subtotal: 5000,
      customerID: birch.customerID,
      updatedBy: other,
      isArchived: true,
      discount: 40,
    });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body)).toEqual(['id']);
    const read = (await api.get(`/api/estimates/${res.body.id}`)).body as Estimate;
    expect(read).toMatchObject({
      id: res.body.id,
      siteID: acme.siteID,
      customerID: acme.customerID,
      customerName: 'Acme Lawns',
      projectName: 'Snow 2026',
      status: 0,
      subtotal: 0,
      salesperson: other,
      estimator: me,
      updatedBy: me,
      isArchived: false,
      discount: 0,
      version: 1,
    });
    expect(read.number).toBeGreaterThan(Math.max(...numbersOf((await list()).estimates.filter((e) => e.id !== read.id))));
    expect(new Date(read.createdAt as string).getTime()).toBeGreaterThanOrEqual(before - 5000);
    await api.del(`/api/estimates/${read.id}`);
  });

  it('refuses unknown users, a missing project name and an unknown site with messages naming the field', async () => {
    const bad = await api.post(`/api/sites/${acme.siteID}/estimates`, { projectName: '', salesperson: 424242, estimator: 'me' });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      message: 'Form is invalid.',
      errors: { projectName: 'Project Name is required.', salesperson: 'Salesperson does not exist.', estimator: 'Estimator is invalid.' },
    });
    const long = await create(acme.siteID, 'p'.repeat(151));
    expect(long.body.errors).toEqual({ projectName: 'Project Name cannot exceed 150 characters.' });
    expect((await create(999999, 'Nowhere')).status).toBe(404);
    expect((await list()).count).toBe(3);
  });

  it('lists {estimates, count} by estimate_number descending, with the customer name joined', async () => {
    const body = await list();
    expect(body.count).toBe(3);
    expect(body.estimates.map((e) => e.id)).toEqual([...ids].reverse());
    expect(body.estimates[0]).toMatchObject({ projectName: 'zebra Fence Line', customerName: 'Acme Lawns', customerID: acme.customerID });
    expect(body.estimates[1].customerName).toBe('birch Property Group');
  });

  it('has the sort keys of SPEC §9, each sorting both ways', async () => {
    expect([...estimates.sortKeys.keys()].sort()).toEqual(
      ['customer_name', 'estimate_created_at', 'estimate_number', 'estimate_project_name', 'estimate_status', 'estimate_subtotal'].sort(),
    );
    const byCustomer = await list('?sortBy=customer_name&sortDirection=ASC');
    expect(byCustomer.estimates.map((e) => e.customerName)).toEqual(['Acme Lawns', 'Acme Lawns', 'birch Property Group']);
    const byName = await list('?sortBy=estimate_project_name&sortDirection=DESC');
    expect(byName.estimates.map((e) => e.projectName)).toEqual(['zebra Fence Line', 'Spring Cleanup', 'Acme-style mulch']);
    for (const key of estimates.sortKeys.keys()) {
      for (const direction of ['ASC', 'DESC']) {
        const res = await api.get(`/api/estimates?sortBy=${key}&sortDirection=${direction}&limit=2&offset=1`);
        expect(res.status, key).toBe(200);
        expect(res.body.count).toBe(3);
        expect(res.body.estimates).toHaveLength(2);
      }
    }
    expect((await api.get('/api/estimates?sortBy=estimate_salesperson')).status).toBe(400);
  });

  it('searches number, project name and customer name', async () => {
    const acmeHits = await list('?searchTerm=ACME');
    expect(acmeHits.estimates.map((e) => e.projectName).sort()).toEqual(['Acme-style mulch', 'Spring Cleanup', 'zebra Fence Line']);
    expect((await list('?searchTerm=birch')).estimates.map((e) => e.projectName)).toEqual(['Acme-style mulch']);
    const { number } = (await api.get(`/api/estimates/${ids[1]}`)).body as Estimate;
    expect((await list(`?searchTerm=${number}`)).estimates.map((e) => e.id)).toContain(ids[1]);
    expect((await list('?searchTerm=fence')).count).toBe(1);
    expect((await list('?searchTerm=nothing-like-this')).count).toBe(0);
  });

  it("follows a customer's new name in reads, searches and sorts (the database keeps its copy)", async () => {
    const rename = async (name: string) => {
      const customer = (await api.get(`/api/customers/${birch.customerID}`)).body;
      expect((await api.put(`/api/customers/${birch.customerID}`, { ...customer, name })).status).toBe(200);
    };
    await rename('Aardvark Grounds');
    try {
      expect((await api.get(`/api/estimates/${ids[1]}`)).body.customerName).toBe('Aardvark Grounds');
      expect((await list('?searchTerm=aardvark')).estimates.map((e) => e.id)).toEqual([ids[1]]);
      expect((await list('?searchTerm=birch')).count).toBe(0);
      const byCustomer = await list('?sortBy=customer_name&sortDirection=ASC');
      expect(byCustomer.estimates.map((e) => e.customerName)).toEqual(['Aardvark Grounds', 'Acme Lawns', 'Acme Lawns']);
    } finally {
      await rename('birch Property Group');
    }
    expect((await list('?searchTerm=birch')).estimates.map((e) => e.id)).toEqual([ids[1]]);
  });

  it('updates with PUT (version required, stale → 409); site, customer, number, subtotal and createdAt never move', async () => {
    const id = ids[0];
    const read = (await api.get(`/api/estimates/${id}`)).body as Estimate;
    const body = {
      id,
      siteID: birch.siteID,
      status: 2,
      projectName: 'Spring Cleanup 2026',
      salesperson: other,
      estimator: other,
      discount: 12.5,
      isArchived: true,
      version: read.version,
    };
    const saved = await api.put(`/api/estimates/${id}`, {
      ...body,
      customerID: birch.customerID,
      number: 1,
      subtotal: 99,
      createdAt: '2001-01-01T00:00:00Z',
      updatedBy: other,
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      ...body,
      siteID: acme.siteID,
      customerID: acme.customerID,
      customerName: 'Acme Lawns',
      number: read.number,
      subtotal: 0,
      createdAt: read.createdAt,
      updatedBy: me,
      version: read.version + 1,
    });
    expect(new Date(saved.body.updatedAt).getTime()).toBeGreaterThanOrEqual(new Date(read.updatedAt as string).getTime());

    const stale = await api.put(`/api/estimates/${id}`, { ...body, projectName: 'Lost update' });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toMatch(/changed by someone else/);
    const missing = await api.put(`/api/estimates/${id}`, { ...body, version: undefined, projectName: 'No version' });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ message: 'Form is invalid.', errors: { version: 'Version is required.' } });
    expect((await api.get(`/api/estimates/${id}`)).body).toMatchObject({ projectName: 'Spring Cleanup 2026', version: read.version + 1 });
    expect((await api.put('/api/estimates/999999', body)).status).toBe(404);
  });

  it('filters by archive and status with JSON arrays', async () => {
    const shown = await list(`?filter:estimate_is_archived=${encodeURIComponent('[0]')}`);
    expect(shown.estimates.map((e) => e.id).sort()).toEqual([ids[1], ids[2]].sort());
    const archived = await list(`?filter:estimate_is_archived=${encodeURIComponent('[1]')}`);
    expect(archived.estimates.map((e) => e.id)).toEqual([ids[0]]);
    expect((await list(`?filter:estimate_is_archived=${encodeURIComponent('[false]')}`)).count).toBe(2);
    expect((await list(`?filter:estimate_status=${encodeURIComponent('[1,2]')}`)).estimates.map((e) => e.id)).toEqual([ids[0]]);
    expect(
      (await list(`?filter:estimate_status=${encodeURIComponent('[0]')}&filter:estimate_is_archived=${encodeURIComponent('[0]')}`)).count,
    ).toBe(2);
    expect((await list(`?filter:customer_id=${acme.customerID}`)).count).toBe(2);
    expect((await api.get(`/api/estimates?filter:estimate_status=${encodeURIComponent('["x"]')}`)).status).toBe(400);
    expect((await api.get(`/api/estimates?filter:estimate_status=${encodeURIComponent('[2147483648]')}`)).status).toBe(400);
    expect((await api.get(`/api/estimates?filter:estimate_discount=${encodeURIComponent('[0]')}`)).status).toBe(400);
  });

  it("filters by the year of creation on the office's calendar (New York), any of several years", async () => {
    const table = tables.estimates;
    // 8 pm on New Year's Eve in New York is already the next year in UTC: it belongs to 2024.
    await api.database.db
      .update(table)
      .set({ createdAt: new Date('2025-01-01T01:00:00Z') })
      .where(eq(table.id, ids[1]));
    await api.database.db
      .update(table)
      .set({ createdAt: new Date('2025-01-01T05:30:00Z') })
      .where(eq(table.id, ids[2]));
    const year = (years: unknown) => list(`?filter:${ESTIMATE_CREATED_YEAR}=${encodeURIComponent(JSON.stringify(years))}`);
    expect((await year([2024])).estimates.map((e) => e.id)).toEqual([ids[1]]);
    expect((await year(2025)).estimates.map((e) => e.id)).toEqual([ids[2]]);
    expect((await year(['2024', 2025])).estimates.map((e) => e.id)).toEqual([ids[2], ids[1]]);
    expect((await year([new Date().getFullYear()])).estimates.map((e) => e.id)).not.toContain(ids[1]);
    for (const bad of ['[1899]', '[10000]', '["20x6"]', '[2025.5]', '[null]', '[true]', '{"a":1}', 'x']) {
      const res = await api.get(`/api/estimates?filter:${ESTIMATE_CREATED_YEAR}=${encodeURIComponent(bad)}`);
      expect(res.status, bad).toBe(400);
      expect(res.body.message, bad).toMatch(ESTIMATE_CREATED_YEAR);
    }
  });

  it("filters by the services of the estimate's site, any of them", async () => {
    const service = async (name: string) =>
      (await api.post('/api/services', { name, startDate: '2025-04-01T04:00:00.000Z', endDate: null, isRecurring: false })).body
        .id as number;
    const plowing = await service('Snow Plowing');
    const mowing = await service('Weekly Mowing');
    const unused = await service('Aeration');
    expect((await api.post(`/api/sites/${acme.siteID}/services`, { serviceID: plowing })).status).toBe(201);
    expect((await api.post(`/api/sites/${birch.siteID}/services`, { serviceID: mowing })).status).toBe(201);
    const byService = (value: unknown) => list(`?filter:${ESTIMATE_SITE_SERVICE}=${encodeURIComponent(JSON.stringify(value))}`);
    const acmeIDs = (await list(`?filter:site_id=${acme.siteID}`)).estimates.map((e) => e.id);
    expect((await byService([plowing])).estimates.map((e) => e.id)).toEqual(acmeIDs);
    expect((await byService([mowing])).estimates.map((e) => e.id)).toEqual([ids[1]]);
    expect((await byService([plowing, mowing])).count).toBe(acmeIDs.length + 1);
    expect((await byService([unused])).count).toBe(0);
    // With the other filters and the search, all at once.
    expect((await list(`?filter:${ESTIMATE_SITE_SERVICE}=[${plowing}]&searchTerm=zebra`)).estimates.map((e) => e.id)).toEqual([ids[2]]);
    for (const bad of ['[0]', '[-1]', '["x"]', '[2147483648]', '[1.5]', '[null]', '{}', 'x']) {
      const res = await api.get(`/api/estimates?filter:${ESTIMATE_SITE_SERVICE}=${encodeURIComponent(bad)}`);
      expect(res.status, bad).toBe(400);
      expect(res.body.message, bad).toMatch(ESTIMATE_SITE_SERVICE);
    }
  });

  it("lists a customer's estimates (404 for an unknown customer) and a site's", async () => {
    const res = await api.get(`/api/customers/${acme.customerID}/estimates?sortBy=estimate_project_name&sortDirection=ASC`);
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(2);
    expect(res.body.estimates.map((e: Estimate) => [e.projectName, e.customerName])).toEqual([
      ['Spring Cleanup 2026', 'Acme Lawns'],
      ['zebra Fence Line', 'Acme Lawns'],
    ]);
    expect((await api.get(`/api/customers/${birch.customerID}/estimates?searchTerm=mulch`)).body.count).toBe(1);
    expect((await api.get('/api/customers/999999/estimates')).status).toBe(404);
    expect((await api.get('/api/customers/999999/estimates')).body).toEqual({ message: 'Customer not found.' });
    expect((await api.get(`/api/sites/${birch.siteID}/estimates`)).body.count).toBe(1);
  });

  it('deletes (204), then 404; the number is not reused', async () => {
    const made = await create(birch.siteID, 'Short-lived');
    const { number } = (await api.get(`/api/estimates/${made.body.id}`)).body as Estimate;
    expect((await api.del(`/api/estimates/${made.body.id}`)).status).toBe(204);
    expect((await api.get(`/api/estimates/${made.body.id}`)).status).toBe(404);
    expect((await api.del(`/api/estimates/${made.body.id}`)).status).toBe(404);
    const next = await create(birch.siteID, 'After the delete');
    expect(((await api.get(`/api/estimates/${next.body.id}`)).body as Estimate).number).toBe(number + 1);
    await api.del(`/api/estimates/${next.body.id}`);
  });
});
