import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { siteServices } from '../../server/db/tables/siteServices';
import { MAX_BULK_IDS } from '../../src/domain/bulkActions';
import { createTestApi, type TestApi } from '../helpers/testApi';
import { databaseKinds } from '../helpers/testDatabase';
import { makeCustomerWithSite, makeEstimate } from '../helpers/estimateFixtures';

describe.each(databaseKinds())('bulk actions on %s', (kind) => {
  let api: TestApi;
  const bulk = (route: string, body: unknown) => api.post(`/api/${route}/bulk`, body);

  beforeAll(async () => {
    api = await createTestApi(kind);
  });
  afterAll(() => api?.close());

  it('delete preview and delete: deletable customers go with their sites, those with estimates are kept and named', async () => {
    const free = [await makeCustomerWithSite(api, 'Free One'), await makeCustomerWithSite(api, 'Free Two')];
    const busy = await makeCustomerWithSite(api, 'Busy Co');
    await makeEstimate(api, busy.siteID);
    const contact = await api.post(`/api/customers/${free[0].customerID}/contacts`, { firstName: 'Ann', lastName: 'Lee' });
    expect(contact.status, contact.raw).toBe(201);
    const ids = [free[0].customerID, free[1].customerID, busy.customerID, 999999];

    const preview = await bulk('customers', { action: 'deleteImpact', ids });
    expect(preview.status, preview.raw).toBe(200);
    expect(preview.body.done).toEqual([free[0].customerID, free[1].customerID]);
    expect(preview.body.kept).toEqual([
      { id: 999999, name: null, reason: 'not found' },
      { id: busy.customerID, name: 'Busy Co', reason: 'it has 1 estimate' },
    ]);
    const parts = Object.fromEntries(preview.body.deletes.map((p: any) => [p.name, p.count]));
    expect(parts).toMatchObject({ sites: 2, contacts: 1 });
    // The preview wrote nothing.
    expect((await api.get(`/api/customers/${free[0].customerID}`)).status).toBe(200);

    const res = await bulk('customers', { action: 'delete', ids });
    expect(res.status, res.raw).toBe(200);
    expect(res.body.done).toEqual([free[0].customerID, free[1].customerID]);
    expect(res.body.kept.map((k: any) => k.id)).toEqual([999999, busy.customerID]);
    expect((await api.get(`/api/customers/${free[0].customerID}`)).status).toBe(404);
    expect((await api.get(`/api/sites/${free[1].siteID}`)).status).toBe(404);
    expect((await api.get(`/api/customers/${busy.customerID}`)).status).toBe(200);
  });

  it('archive, unarchive and set a status bump each version and start no revision', async () => {
    const { siteID } = await makeCustomerWithSite(api, 'Estimates Inc');
    const ids = [await makeEstimate(api, siteID, 'A'), await makeEstimate(api, siteID, 'B')];
    const before = await Promise.all(ids.map(async (id) => (await api.get(`/api/estimates/${id}`)).body));

    const archived = await bulk('estimates', { action: 'archive', ids: [...ids, ids[0]] });
    expect(archived.status, archived.raw).toBe(200);
    expect(archived.body).toEqual({ done: ids, kept: [] });
    for (const [i, id] of ids.entries()) {
      const now = (await api.get(`/api/estimates/${id}`)).body;
      expect(now.isArchived).toBe(true);
      expect(now.version).toBe(before[i].version + 1);
      expect(now.revision).toBe(before[i].revision);
    }
    expect((await bulk('estimates', { action: 'unarchive', ids })).body.done).toEqual(ids);
    expect((await api.get(`/api/estimates/${ids[1]}`)).body.isArchived).toBe(false);

    const status = await bulk('estimates', { action: 'setStatus', ids: [ids[0], 424242], status: 2 });
    expect(status.body).toEqual({ done: [ids[0]], kept: [{ id: 424242, name: null, reason: 'not found' }] });
    expect((await api.get(`/api/estimates/${ids[0]}`)).body.status).toBe(2);
    expect((await api.get(`/api/estimates/${ids[1]}`)).body.status).toBe(0);
  });

  it('assigns and unassigns a service to many sites', async () => {
    const sites = [await makeCustomerWithSite(api, 'S1'), await makeCustomerWithSite(api, 'S2'), await makeCustomerWithSite(api, 'S3')];
    const ids = sites.map((s) => s.siteID);
    const service = await api.post('/api/services', { name: 'Mowing', startDate: '2026-04-01T00:00:00.000Z' });
    const serviceID = service.body.id;
    await api.post(`/api/sites/${ids[0]}/services`, { serviceID });

    const assigned = await bulk('sites', { action: 'assignService', ids, serviceID });
    expect(assigned.body).toEqual({ done: ids, kept: [] });
    const rows = await api.database.db.select().from(siteServices).where(eq(siteServices.serviceID, serviceID));
    expect(rows.map((r) => r.siteID).sort((a, b) => a - b)).toEqual(ids);

    expect((await bulk('sites', { action: 'unassignService', ids: ids.slice(0, 2), serviceID })).body.done).toEqual(ids.slice(0, 2));
    expect((await api.get(`/api/sites/${ids[2]}/services`)).body).toEqual([serviceID]);
    expect((await api.get(`/api/sites/${ids[0]}/services`)).body).toEqual([]);
  });

  it('one transaction: a delete that fails part way writes nothing', async () => {
    const first = await makeCustomerWithSite(api, 'Tx First');
    const second = await makeCustomerWithSite(api, 'Tx Refused');
    const db = api.database.db;
    await db.execute(
      sql.raw(`CREATE FUNCTION refuse_tx() RETURNS trigger AS $$ BEGIN
      IF OLD.customer_name = 'Tx Refused' THEN RAISE EXCEPTION 'refused'; END IF; RETURN OLD; END $$ LANGUAGE plpgsql`),
    );
    await db.execute(sql.raw('CREATE TRIGGER refuse_tx BEFORE DELETE ON customers FOR EACH ROW EXECUTE FUNCTION refuse_tx()'));
    try {
      const res = await bulk('customers', { action: 'delete', ids: [first.customerID, second.customerID] });
      expect(res.status).toBe(500);
      expect((await api.get(`/api/customers/${first.customerID}`)).status).toBe(200);
      expect((await api.get(`/api/sites/${first.siteID}`)).status).toBe(200);
    } finally {
      await db.execute(sql.raw('DROP TRIGGER refuse_tx ON customers'));
      await db.execute(sql.raw('DROP FUNCTION refuse_tx()'));
    }
    expect((await bulk('customers', { action: 'delete', ids: [first.customerID, second.customerID] })).body.done).toHaveLength(2);
  });

  it.each([
    [[1], 'body'],
    [{ ids: [1] }, 'action'],
    [{ action: 'explode', ids: [1] }, 'action'],
    [{ action: 'archive', ids: [1] }, 'action'],
    [{ action: 'delete' }, 'ids'],
    [{ action: 'delete', ids: [] }, 'ids'],
    [{ action: 'delete', ids: ['1'] }, 'ids'],
    [{ action: 'delete', ids: [0] }, 'ids'],
    [{ action: 'delete', ids: [1.5] }, 'ids'],
    [{ action: 'delete', ids: [2 ** 31] }, 'ids'],
    [{ action: 'delete', ids: Array.from({ length: MAX_BULK_IDS + 1 }, (_, i) => i + 1) }, 'ids'],
    [{ action: 'delete', ids: { 0: 1 } }, 'ids'],
    [{ action: '__proto__', ids: [1] }, 'action'],
  ])('customers: hostile body %j → 400 naming %s', async (body, field) => {
    const res = await bulk('customers', body);
    expect(res.status, res.raw).toBe(400);
    expect(res.body.message.toLowerCase()).toContain(field);
  });

  it.each([
    ['estimates', { action: 'setStatus', ids: [1] }, 'status'],
    ['estimates', { action: 'setStatus', ids: [1], status: 9 }, 'status'],
    ['estimates', { action: 'setStatus', ids: [1], status: '1' }, 'status'],
    ['sites', { action: 'assignService', ids: [1] }, 'serviceid'],
    ['sites', { action: 'assignService', ids: [1], serviceID: -1 }, 'serviceid'],
    ['sites', { action: 'assignService', ids: [1], serviceID: 777777 }, 'serviceid'],
  ])('%s: %j → 400 naming %s', async (route, body, field) => {
    const res = await bulk(route, body);
    expect(res.status, res.raw).toBe(400);
    expect(res.body.message.toLowerCase()).toContain(field);
  });
});
