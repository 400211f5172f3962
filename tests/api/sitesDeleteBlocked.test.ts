import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { generateDrizzleJson, generateMigration } from '../helpers/drizzleKit';
import { defineEntity, entities, reference, string } from '../../src/schema';
import { registerEntityTable } from '../../server/db/entityTables';
import { createTestApi, type TestApi } from '../helpers/testApi';
import { databaseKinds } from '../helpers/testDatabase';

/**
 * Estimates will reference sites with onDelete 'restrict' (DESIGN "Writes": deleting a site
 * or customer that still has estimates → 409 naming what is attached). Until that entity
 * lands, this test-only one stands in for it, declared the way estimates will be.
 */
const proposals = defineEntity({
  name: 'testProposals',
  table: 'test_proposals',
  route: 'testProposals',
  prefix: 'test_proposal',
  listKey: 'testProposals',
  singular: 'estimate',
  plural: 'estimates',
  fields: {
    siteID: reference('Site', { entity: 'sites', onDelete: 'restrict' }, { required: true, column: 'site_id' }),
    projectName: string('Project Name', { required: true, max: 150, sortable: true }),
  },
  defaultSort: { key: 'test_proposal_project_name', direction: 'ASC' },
});

describe.each(databaseKinds())('deleting a site that has estimates, on %s', (kind) => {
  let api: TestApi;
  let customerID: number;
  let siteID: number;
  let serviceID: number;

  beforeAll(async () => {
    const table = registerEntityTable(proposals);
    api = await createTestApi(kind, { entities: [...entities, proposals] });
    for (const statement of await generateMigration(generateDrizzleJson({}), generateDrizzleJson({ [proposals.table]: table }))) {
      await api.database.db.execute(sql.raw(statement));
    }
    customerID = (await api.post('/api/customers', { name: 'Acme', address1: '1 Oak Ave', city: 'Trenton', state: 'NJ' })).body.id;
    siteID = (
      await api.post(`/api/customers/${customerID}/sites`, { name: 'Acme HQ', address1: '1 Oak Ave', city: 'Trenton', state: 'NJ' })
    ).body.id;
    serviceID = (await api.post('/api/services', { name: 'Weekly Mowing', startDate: '2025-04-01T04:00:00Z' })).body.id;
    await api.post(`/api/sites/${siteID}/services`, { serviceID });
    for (const projectName of ['Spring 2025', 'Snow 2025']) {
      expect((await api.post('/api/testProposals', { siteID, projectName })).status).toBe(201);
    }
  });
  afterAll(() => api?.close());

  it('is refused by the database itself (409, nothing deleted) even before the check knows the estimates', async () => {
    await expect(api.database.db.execute(sql`DELETE FROM sites WHERE site_id = ${siteID}`)).rejects.toThrow();
    const res = await api.del(`/api/sites/${siteID}`);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: 'This record is still in use, or refers to a record that no longer exists.' });
    expect((await api.get(`/api/sites/${siteID}/services`)).body).toEqual([serviceID]);
  });

  describe('with the estimates entity in the registry', () => {
    // The check before deleting walks the registry, as it will once estimates are declared there.
    beforeAll(() => {
      entities.push(proposals);
    });
    afterAll(() => {
      entities.splice(entities.indexOf(proposals), 1);
    });

    it('refuses with 409 naming the estimates, and keeps the site and its services', async () => {
      const res = await api.del(`/api/sites/${siteID}`);
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ message: 'This site cannot be deleted: it still has 2 estimates.' });
      expect((await api.get(`/api/sites/${siteID}`)).status).toBe(200);
      expect((await api.get(`/api/sites/${siteID}/services`)).body).toEqual([serviceID]);
    });

    it("refuses to delete the site's customer too, since its sites would take the estimates", async () => {
      const res = await api.del(`/api/customers/${customerID}`);
      expect(res.status).toBe(409);
      expect(res.body.message).toBe('This customer cannot be deleted: it still has 2 estimates.');
      expect((await api.get(`/api/sites/${siteID}`)).status).toBe(200);
    });
  });

  it('deletes the site once its estimates are gone', async () => {
    const { testProposals } = (await api.get('/api/testProposals')).body;
    for (const p of testProposals) expect((await api.del(`/api/testProposals/${p.id}`)).status).toBe(204);
    expect((await api.del(`/api/sites/${siteID}`)).status).toBe(204);
    expect((await api.get(`/api/sites/${siteID}`)).status).toBe(404);
  });
});
