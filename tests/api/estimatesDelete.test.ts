import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApi, type TestApi } from '../helpers/testApi';
import { databaseKinds } from '../helpers/testDatabase';
import { makeArea, makeCustomerWithSite, makeEstimate, makeItem } from '../helpers/estimateFixtures';

describe.each(databaseKinds())('deleting estimates and what holds them, on %s', (kind) => {
  let api: TestApi;
  let customerID: number;
  let siteID: number;
  let secondSite: number;
  const estimateIds: number[] = [];

  const rowCount = async (query: ReturnType<typeof sql>) =>
    Number(((await api.database.db.execute(query)) as unknown as { rows: { n: number }[] }).rows[0].n);
  const contentOf = async (estimateID: number) => ({
    areas: await rowCount(sql`SELECT count(*)::int AS n FROM work_areas WHERE estimate_id = ${estimateID}`),
    items: await rowCount(
      sql`SELECT count(*)::int AS n FROM work_area_items i JOIN work_areas a ON a.work_area_id = i.work_area_id WHERE a.estimate_id = ${estimateID}`,
    ),
  });

  beforeAll(async () => {
    api = await createTestApi(kind);
    ({ customerID, siteID } = await makeCustomerWithSite(api, 'Fairway Estates HOA'));
    secondSite = (
      await api.post(`/api/customers/${customerID}/sites`, { name: 'Clubhouse', address1: '2 Elm St', city: 'Dover', state: 'DE' })
    ).body.id;
    estimateIds.push(
      await makeEstimate(api, siteID, 'Spring'),
      await makeEstimate(api, siteID, 'Fall'),
      await makeEstimate(api, secondSite, 'Snow'),
    );
    for (const estimateID of estimateIds) {
      for (const name of ['Front', 'Back']) {
        const area = await makeArea(api, estimateID, { name });
        await makeItem(api, area, { quantity: 2 });
        await makeItem(api, area, { quantity: 3 });
      }
    }
  });
  afterAll(() => api?.close());

  it('refuses to delete a site with estimates (409 naming them) and changes nothing', async () => {
    const res = await api.del(`/api/sites/${secondSite}`);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: 'This site cannot be deleted: it still has 1 estimate.' });
    const two = await api.del(`/api/sites/${siteID}`);
    expect(two.body).toEqual({ message: 'This site cannot be deleted: it still has 2 estimates.' });
    expect((await api.get(`/api/sites/${secondSite}`)).status).toBe(200);
  });

  it('refuses to delete a customer with estimates, counting each estimate once (by customer and by site)', async () => {
    const res = await api.del(`/api/customers/${customerID}`);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: 'This customer cannot be deleted: it still has 3 estimates.' });
    expect((await api.get(`/api/customers/${customerID}`)).status).toBe(200);
    expect((await api.get(`/api/customers/${customerID}/estimates`)).body.count).toBe(3);
  });

  it('deletes an estimate with its work areas and items, and nothing of the others', async () => {
    const [gone, ...kept] = estimateIds;
    const areaIds = (await api.get(`/api/estimates/${gone}/workAreas`)).body.workAreas.map((a: { id: number }) => a.id);
    expect(await contentOf(gone)).toEqual({ areas: 2, items: 4 });
    expect((await api.del(`/api/estimates/${gone}`)).status).toBe(204);
    expect(await contentOf(gone)).toEqual({ areas: 0, items: 0 });
    for (const id of areaIds) expect((await api.get(`/api/workAreas/${id}`)).status).toBe(404);
    for (const id of kept) expect(await contentOf(id)).toEqual({ areas: 2, items: 4 });
    expect((await api.del(`/api/customers/${customerID}`)).body.message).toBe('This customer cannot be deleted: it still has 2 estimates.');
  });

  it('deletes the site, then the customer, once their estimates are gone', async () => {
    expect((await api.del(`/api/estimates/${estimateIds[2]}`)).status).toBe(204);
    expect((await api.del(`/api/sites/${secondSite}`)).status).toBe(204);
    expect((await api.del(`/api/customers/${customerID}`)).body.message).toBe('This customer cannot be deleted: it still has 1 estimate.');
    expect((await api.del(`/api/estimates/${estimateIds[1]}`)).status).toBe(204);
    expect((await api.del(`/api/customers/${customerID}`)).status).toBe(204);
    expect(await rowCount(sql`SELECT count(*)::int AS n FROM work_area_items`)).toBe(0);
  });
});
