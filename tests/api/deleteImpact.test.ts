import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entities } from '../../src/schema';
import { createTestApi, type TestApi } from '../helpers/testApi';
import { databaseKinds } from '../helpers/testDatabase';
import { makeEstimate } from '../helpers/estimateFixtures';

const address = { address1: '1 Oak Ave', city: 'Trenton', state: 'NJ' };

describe.each(databaseKinds())('what a delete takes along, on %s', (kind) => {
  let api: TestApi;
  let customerID: number;
  let siteIDs: number[];

  beforeAll(async () => {
    api = await createTestApi(kind);
    customerID = (await api.post('/api/customers', { name: 'Acme', ...address })).body.id;
    siteIDs = [];
    for (const name of ['Acme HQ', 'Acme Depot'])
      siteIDs.push((await api.post(`/api/customers/${customerID}/sites`, { name, ...address })).body.id);
    for (const lastName of ['One', 'Two', 'Three']) await api.post(`/api/customers/${customerID}/contacts`, { lastName });
    const serviceIDs: number[] = [];
    for (const name of ['Mowing', 'Salting'])
      serviceIDs.push((await api.post('/api/services', { name, startDate: '2025-04-01T04:00:00Z' })).body.id);
    await api.post(`/api/sites/${siteIDs[0]}/services`, { serviceID: serviceIDs[0] });
    await api.post(`/api/sites/${siteIDs[0]}/services`, { serviceID: serviceIDs[1] });
    await api.post(`/api/sites/${siteIDs[1]}/services`, { serviceID: serviceIDs[0] });
  });
  afterAll(() => api?.close());

  it("counts a customer's sites, contacts and service assignments", async () => {
    const res = await api.get(`/api/customers/${customerID}/deleteImpact`);
    expect(res.status).toBe(200);
    expect(res.body.blockedBy).toEqual([]);
    const counts = Object.fromEntries(res.body.deletes.map((p: { name: string; count: number }) => [p.name, p.count]));
    expect(counts).toEqual({ sites: 2, contacts: 3, siteServices: 3 });
  });

  it('counts what stops the delete: estimates on its sites', async () => {
    const estimateID = await makeEstimate(api, siteIDs[1]);
    const impact = (await api.get(`/api/customers/${customerID}/deleteImpact`)).body;
    expect(impact.blockedBy).toEqual([{ name: 'estimates', singular: 'estimate', plural: 'estimates', count: 1 }]);
    const refused = await api.del(`/api/customers/${customerID}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('This customer cannot be deleted: it still has 1 estimate.');
    expect((await api.del(`/api/estimates/${estimateID}`)).status).toBe(204);
  });

  it('is a route of every deletable entity: 404 for an unknown record, 400 for a malformed id', async () => {
    for (const entity of entities.filter((e) => e.routes?.delete !== false)) {
      expect((await api.get(`/api/${entity.route}/2147483000/deleteImpact`)).status, entity.name).toBe(404);
      expect((await api.get(`/api/${entity.route}/1.5/deleteImpact`)).status, entity.name).toBe(400);
    }
  });

  it('counts nothing for a record nothing depends on, and the delete then removes what it said', async () => {
    const site = (await api.get(`/api/sites/${siteIDs[0]}/deleteImpact`)).body;
    expect(site).toEqual({
      deletes: [{ name: 'siteServices', singular: 'service assignment', plural: 'service assignments', count: 2 }],
      blockedBy: [],
    });
    expect((await api.del(`/api/customers/${customerID}`)).status).toBe(204);
    expect((await api.get(`/api/sites/${siteIDs[0]}`)).status).toBe(404);
  });
});
