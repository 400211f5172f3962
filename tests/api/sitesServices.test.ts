import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { siteServices } from '../../server/db/tables/siteServices';
import { createTestApi, type TestApi } from '../helpers/testApi';
import { databaseKinds } from '../helpers/testDatabase';

const customer = { name: 'Acme Lawns', address1: '1 Oak Ave', city: 'Trenton', state: 'NJ', zip: '08608' };
const site = { name: 'Acme HQ', address1: '1 Oak Ave', city: 'Trenton', state: 'NJ' };
const service = (name: string) => ({ name, startDate: '2025-04-01T04:00:00.000Z', endDate: null, isRecurring: false });

describe.each(databaseKinds())('site services API on %s', (kind) => {
  let api: TestApi;
  let customerID: number;
  let siteID: number;
  let mowing: number;
  let plowing: number;
  let salting: number;

  const assigned = async (id = siteID) => (await api.get(`/api/sites/${id}/services`)).body;
  const rowsOfSite = async (id: number) => api.database.db.select().from(siteServices).where(eq(siteServices.siteID, id));

  beforeAll(async () => {
    api = await createTestApi(kind);
    customerID = (await api.post('/api/customers', customer)).body.id;
    siteID = (await api.post(`/api/customers/${customerID}/sites`, site)).body.id;
    mowing = (await api.post('/api/services', service('Weekly Mowing'))).body.id;
    plowing = (await api.post('/api/services', service('Snow Plowing'))).body.id;
    salting = (await api.post('/api/services', service('Salting'))).body.id;
  });
  afterAll(() => api?.close());

  it('starts with no services', async () => {
    const res = await api.get(`/api/sites/${siteID}/services`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
  });

  it('assigns services and lists their ids; assigning twice is harmless', async () => {
    const first = await api.post(`/api/sites/${siteID}/services`, { serviceID: plowing });
    expect(first.status).toBe(201);
    expect(first.body).toEqual({ id: plowing });
    expect((await api.post(`/api/sites/${siteID}/services`, { serviceID: mowing })).status).toBe(201);
    const twice = await api.post(`/api/sites/${siteID}/services`, { serviceID: mowing });
    expect(twice.status).toBe(201);
    expect(await assigned()).toEqual([mowing, plowing].sort((a, b) => a - b));
    expect(await rowsOfSite(siteID)).toHaveLength(2);
  });

  it('unassigns a service; unassigning one that is not assigned is harmless', async () => {
    const res = await api.del(`/api/sites/${siteID}/services/${plowing}`);
    expect(res.status).toBe(204);
    expect(await assigned()).toEqual([mowing]);
    expect((await api.del(`/api/sites/${siteID}/services/${salting}`)).status).toBe(204);
    expect(await assigned()).toEqual([mowing]);
  });

  it('answers 404 for an unknown site or service, and changes nothing', async () => {
    const noSite = await api.get('/api/sites/999999/services');
    expect(noSite.status).toBe(404);
    expect(noSite.body.message).toBe('Site not found.');
    const assignToNoSite = await api.post('/api/sites/999999/services', { serviceID: mowing });
    expect(assignToNoSite.status).toBe(404);
    expect(assignToNoSite.body.message).toBe('Site not found.');
    const noService = await api.post(`/api/sites/${siteID}/services`, { serviceID: 999999 });
    expect(noService.status).toBe(404);
    expect(noService.body.message).toBe('Service not found.');
    const unassignNoService = await api.del(`/api/sites/${siteID}/services/999999`);
    expect(unassignNoService.status).toBe(404);
    expect(unassignNoService.body.message).toBe('Service not found.');
    expect((await api.del(`/api/sites/999999/services/${mowing}`)).status).toBe(404);
    expect(await assigned()).toEqual([mowing]);
  });

  it('refuses a missing or malformed serviceID and malformed ids in the path', async () => {
    const missing = await api.post(`/api/sites/${siteID}/services`, {});
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ message: 'Form is invalid.', errors: { serviceID: 'Service is required.' } });
    for (const serviceID of ['abc', -1, 1.5, true, [mowing]]) {
      const bad = await api.post(`/api/sites/${siteID}/services`, { serviceID });
      expect(bad.status).toBe(400);
      expect(bad.body.errors).toEqual({ serviceID: 'Service is invalid.' });
    }
    expect((await api.get('/api/sites/abc/services')).status).toBe(400);
    expect((await api.del(`/api/sites/${siteID}/services/abc`)).status).toBe(400);
    expect((await api.get('/api/sites/abc/services')).body.message).toBe('Invalid request parameters.');
    expect(await assigned()).toEqual([mowing]);
  });

  it('counts the sites a service is assigned to', async () => {
    const other = (await api.post(`/api/customers/${customerID}/sites`, { ...site, name: 'Second' })).body.id;
    await api.post(`/api/sites/${other}/services`, { serviceID: mowing });
    expect((await api.get(`/api/services/${mowing}/siteCount`)).body).toEqual({ count: 2 });
    expect((await api.get(`/api/services/${salting}/siteCount`)).body).toEqual({ count: 0 });
    const missing = await api.get('/api/services/999999/siteCount');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Service not found.');
    await api.del(`/api/sites/${other}`);
  });

  it('removes the assignments of a deleted site', async () => {
    const doomed = (await api.post(`/api/customers/${customerID}/sites`, { ...site, name: 'Doomed' })).body.id;
    await api.post(`/api/sites/${doomed}/services`, { serviceID: mowing });
    await api.post(`/api/sites/${doomed}/services`, { serviceID: salting });
    expect(await rowsOfSite(doomed)).toHaveLength(2);
    expect((await api.del(`/api/sites/${doomed}`)).status).toBe(204);
    expect(await rowsOfSite(doomed)).toEqual([]);
    expect((await api.get(`/api/sites/${doomed}/services`)).status).toBe(404);
    expect(await assigned()).toEqual([mowing]);
  });

  it('removes the assignments of a deleted service from every site', async () => {
    const temporary = (await api.post('/api/services', service('Leaf Vacuuming'))).body.id;
    await api.post(`/api/sites/${siteID}/services`, { serviceID: temporary });
    expect(await assigned()).toEqual([mowing, temporary]);
    expect((await api.del(`/api/services/${temporary}`)).status).toBe(204);
    expect(await assigned()).toEqual([mowing]);
  });
});
