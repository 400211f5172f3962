import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { applyLookupCopies, copyRoutines, lookupCopies } from '../../server/db/lookupCopies';
import { createTestApi, type TestApi } from '../helpers/testApi';
import { makeCustomerWithSite, makeEstimate } from '../helpers/estimateFixtures';
import { databaseKinds } from '../helpers/testDatabase';

describe.each(databaseKinds())('copied lookups on %s', (kind) => {
  let api: TestApi;
  let customerID: number;
  let siteID: number;
  let estimateID: number;

  const query = async <T = Record<string, unknown>>(statement: string): Promise<T[]> =>
    ((await api.database.db.execute(sql.raw(statement))) as unknown as { rows: T[] }).rows;
  const copies = async () => ({
    site: (await query(`SELECT site_customer_name AS name FROM sites WHERE site_id = ${siteID}`))[0].name,
    estimate: (await query(`SELECT estimate_customer_name AS name FROM estimates WHERE estimate_id = ${estimateID}`))[0].name,
  });

  beforeAll(async () => {
    api = await createTestApi(kind);
    ({ customerID, siteID } = await makeCustomerWithSite(api, 'Oakridge Turf'));
    estimateID = await makeEstimate(api, siteID, 'Hedges');
  });
  afterAll(() => api?.close());

  it('are declared for the estimates and sites customer names, and the agreements customer and site names', () => {
    expect(
      lookupCopies()
        .map((c) => `${c.table}.${c.column} ← ${c.sourceTable}.${c.sourceColumn}`)
        .sort(),
    ).toEqual([
      'agreements.agreement_customer_name ← customers.customer_name',
      'agreements.agreement_site_name ← sites.site_name',
      'estimates.estimate_customer_name ← customers.customer_name',
      'sites.site_customer_name ← customers.customer_name',
    ]);
  });

  it('hold the name on rows written through the API, and follow a rename written straight to the table', async () => {
    expect(await copies()).toEqual({ site: 'Oakridge Turf', estimate: 'Oakridge Turf' });
    await query(`UPDATE customers SET customer_name = 'Oak Ridge Turf' WHERE customer_id = ${customerID}`);
    expect(await copies()).toEqual({ site: 'Oak Ridge Turf', estimate: 'Oak Ridge Turf' });
    expect((await api.get(`/api/estimates?searchTerm=${encodeURIComponent('oak ridge')}`)).body.count).toBe(1);
  });

  it('cannot be written apart from their source, and rows inserted in SQL get theirs', async () => {
    await query(`UPDATE estimates SET estimate_customer_name = 'Someone Else' WHERE estimate_id = ${estimateID}`);
    await query(`UPDATE sites SET site_customer_name = NULL WHERE site_id = ${siteID}`);
    expect(await copies()).toEqual({ site: 'Oak Ridge Turf', estimate: 'Oak Ridge Turf' });
    const [inserted] = await query<{ name: string }>(
      `INSERT INTO sites (customer_id, site_name, site_address_1, site_city, site_state) VALUES (${customerID}, 'Back Lot', '1 A St', 'Trenton', 'NJ') RETURNING site_customer_name AS name`,
    );
    expect(inserted.name).toBe('Oak Ridge Turf');
  });

  it('are filled in on the start that first defines their triggers, and kept again after it', async () => {
    for (const copy of lookupCopies()) {
      const { read, spread } = copyRoutines(copy);
      await query(`DROP FUNCTION "${read}"() CASCADE`);
      await query(`DROP FUNCTION "${spread}"() CASCADE`);
      await query(`UPDATE "${copy.table}" SET "${copy.column}" = NULL`);
    }
    expect(await copies()).toEqual({ site: null, estimate: null });
    await applyLookupCopies(api.database.db);
    expect(await copies()).toEqual({ site: 'Oak Ridge Turf', estimate: 'Oak Ridge Turf' });
    await applyLookupCopies(api.database.db);
    await query(`UPDATE customers SET customer_name = 'Oakridge Turf' WHERE customer_id = ${customerID}`);
    expect(await copies()).toEqual({ site: 'Oakridge Turf', estimate: 'Oakridge Turf' });
  });
});
