import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDatabase } from '../../server/seed';
import { createTestApi, type TestApi } from '../helpers/testApi';
import { databaseKinds } from '../helpers/testDatabase';
import { inconsistentFigures, makeArea, makeCustomerWithSite, makeEstimate, makeItem, signedInUserId } from '../helpers/estimateFixtures';

/** Values no field should store as given: each must be a 400 naming the field, or be taken harmlessly. */
const HOSTILE: unknown[] = ['nul\u0000byte', 1e20, 2147483648, -2147483649, 1.5, -1, { $gt: '' }, [1], true, '1e400', '9'.repeat(400), ''];

type Route = { method: 'POST' | 'PUT'; url: () => string; base: () => Record<string, unknown>; fields: string[] };

describe.each(databaseKinds())('estimates against hostile input on %s', (kind) => {
  let api: TestApi;
  let me: number;
  let siteID: number;
  let estimateID: number;
  let areaID: number;
  let itemID: number;

  const current = async (path: string) => (await api.get(path)).body as Record<string, unknown>;
  let routes: Route[];

  beforeAll(async () => {
    api = await createTestApi(kind);
    await seedDatabase(api.database.db, { demo: false });
    ({ siteID } = await makeCustomerWithSite(api));
    me = await signedInUserId(api);
    estimateID = await makeEstimate(api, siteID);
    areaID = await makeArea(api, estimateID);
    itemID = await makeItem(api, areaID);
    const itemBody = { name: 'Mulch', size: 2, quantity: 3, units: 'yd³', unitCost: 28, unitPrice: 65, itemID: null };
    routes = [
      {
        method: 'POST',
        url: () => `/api/sites/${siteID}/estimates`,
        base: () => ({ projectName: 'P', salesperson: me, estimator: me }),
        fields: ['projectName', 'salesperson', 'estimator'],
      },
      {
        method: 'PUT',
        url: () => `/api/estimates/${estimateID}`,
        base: () => ({ projectName: 'P', status: 1, salesperson: me, estimator: me, discount: 5, isArchived: false }),
        fields: ['projectName', 'status', 'salesperson', 'estimator', 'discount', 'isArchived', 'version'],
      },
      {
        method: 'POST',
        url: () => `/api/estimates/${estimateID}/workAreas`,
        base: () => ({ name: 'A', tax: 'NJ', isIncluded: true }),
        fields: ['name', 'tax', 'isIncluded'],
      },
      {
        method: 'PUT',
        url: () => `/api/workAreas/${areaID}`,
        base: () => ({ name: 'A', tax: 'NJ', isIncluded: true }),
        fields: ['name', 'tax', 'isIncluded', 'version'],
      },
      { method: 'PUT', url: () => `/api/workAreas/${areaID}/notes`, base: () => ({ notes: '<p>x</p>' }), fields: ['notes'] },
      { method: 'POST', url: () => `/api/workAreas/${areaID}/workAreaItems`, base: () => itemBody, fields: Object.keys(itemBody) },
      { method: 'PUT', url: () => `/api/workAreaItems/${itemID}`, base: () => itemBody, fields: [...Object.keys(itemBody), 'version'] },
      {
        method: 'POST',
        url: () => '/api/estimates/generateTemplate',
        base: () => ({ estimateID, tax: 'NJ', category: 'SNOW' }),
        fields: ['estimateID', 'tax', 'category'],
      },
    ];
  });
  afterAll(() => api?.close());

  it('answers every hostile value in every field with a 400 naming it (or stores it harmlessly), never a 5xx', async () => {
    const problems: string[] = [];
    for (const route of routes) {
      for (const field of route.fields) {
        for (const value of HOSTILE) {
          // PUTs start from the stored record, with its current version, as the SPA sends them.
          const stored = route.method === 'PUT' && !route.url().endsWith('/notes') ? await current(route.url()) : {};
          const body = { ...stored, ...route.base(), [field]: value };
          const res = await api.request(route.method, route.url(), body);
          const where = `${route.method} ${route.url()} ${field}=${JSON.stringify(value)?.slice(0, 40)} → ${res.status} ${res.raw.slice(0, 160)}`;
          if (res.status >= 500) problems.push(where);
          else if (res.status === 400 && !res.body.errors?.[field]) problems.push(`not named: ${where}`);
          else if (res.status !== 400 && res.status >= 300) problems.push(`unexpected: ${where}`);
        }
      }
    }
    expect(problems).toEqual([]);
    expect(await inconsistentFigures(api.database.db)).toMatchObject({ wrong: [] });
  });

  it('names the rule each refused value broke', async () => {
    const estimate = await current(`/api/estimates/${estimateID}`);
    const put = (change: Record<string, unknown>) => api.put(`/api/estimates/${estimateID}`, { ...estimate, ...change });
    expect((await put({ discount: -1 })).body.errors).toEqual({ discount: 'Discount cannot be negative.' });
    expect((await put({ discount: 101 })).body.errors).toEqual({ discount: 'Discount cannot exceed 100.' });
    expect((await put({ discount: 100 })).status).toBe(200);
    const fresh = await current(`/api/estimates/${estimateID}`);
    expect((await api.put(`/api/estimates/${estimateID}`, { ...fresh, status: 4 })).body.errors).toEqual({ status: 'Status is invalid.' });
    expect((await api.put(`/api/estimates/${estimateID}`, { ...fresh, salesperson: 424242, estimator: 2147483647 })).body.errors).toEqual({
      salesperson: 'Salesperson does not exist.',
      estimator: 'Estimator does not exist.',
    });
    expect((await api.put(`/api/estimates/${estimateID}`, { ...fresh, projectName: 'a\u0000b' })).body.errors).toEqual({
      projectName: 'Project Name is invalid.',
    });
    const area = await current(`/api/workAreas/${areaID}`);
    expect((await api.put(`/api/workAreas/${areaID}`, { ...area, tax: 'nj' })).body.errors).toEqual({ tax: 'Tax is invalid.' });
    const item = await current(`/api/workAreaItems/${itemID}`);
    expect((await api.put(`/api/workAreaItems/${itemID}`, { ...item, quantity: 1e20, unitPrice: '1e400' })).body.errors).toEqual({
      quantity: 'Quantity is invalid.',
      unitPrice: 'Unit Price is invalid.',
    });
  });

  it('answers odd ids, queries and bodies with plain 4xx', async () => {
    for (const path of [
      '/api/estimates/abc',
      '/api/estimates/2147483648',
      '/api/workAreas/-1/clone',
      '/api/estimates/1e3/pricing',
      '/api/customers/%00/estimates',
    ]) {
      const res = await api.get(path);
      expect(res.status, path).toBeGreaterThanOrEqual(400);
      expect(res.status, path).toBeLessThan(500);
    }
    for (const query of [
      'searchTerm=%00',
      'filter:estimate_status=%5B%22%00%22%5D',
      'filter:customer_id=1e20',
      'sortBy=customer_name;DROP',
      'limit=-1',
    ]) {
      const res = await api.get(`/api/estimates?${query}`);
      expect(res.status, query).toBe(400);
      expect(Object.keys(res.body)).toEqual(['message']);
    }
    const notJson = await api.post('/api/estimates/generateTemplate', 'not json');
    expect(notJson.status).toBeGreaterThanOrEqual(400);
    expect(notJson.status).toBeLessThan(500);
    expect((await api.put(`/api/workAreas/${areaID}/notes`, [1])).status).toBe(400);
  });
});
