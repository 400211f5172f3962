/**
 * Imports write through the same record path as the API (issue 36): a write hook an entity
 * gets later runs for the records an import creates or updates too, in the import's transaction.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerEntityHooks } from '../../server/crud/entityHooks';
import { customers } from '../../src/schema';
import { createTestApi, type TestApi } from '../helpers/testApi';
import { databaseKinds } from '../helpers/testDatabase';
import { followJob, jobResult } from '../helpers/jobViews';

/** What the test's hook saw: the name of each customer written. */
const written: string[] = [];
/** The stored city of each customer updated, as the hook got it. */
const seenBefore: string[] = [];

describe.each(databaseKinds())('an import runs the write hooks of the records it creates (%s)', (kind) => {
  let api: TestApi;
  // Only while this file runs: the API test files share their worker's modules (isolate: false).
  let removeHook = () => {};
  beforeAll(async () => {
    removeHook = registerEntityHooks(customers.name, {
      async afterWrite(_tx, record, { existing }) {
        written.push(String(record.name));
        if (existing) seenBefore.push(String(existing.city));
      },
    });
    api = await createTestApi(kind);
    api.token = await api.login();
  });
  afterAll(async () => {
    removeHook();
    await api?.close();
  });

  it('each imported customer passes through its afterWrite hook, as one created by the API does', async () => {
    written.length = 0;
    const typed = await api.post('/api/customers', { name: 'Typed In Lawns', address1: '9 Main St', city: 'Trenton', state: 'NJ' });
    expect(typed.status, typed.raw).toBe(201);
    const csv = 'Company,Street,City,State,Zip\nBattery Lawns,1 Oak Ave,Trenton,NJ,08608\nMercer Grounds,2 Elm St,Ewing,NJ,08618\n';
    const upload = await api.post('/api/imports', {
      kind: 'customers',
      fileName: 'hooks.csv',
      content: Buffer.from(csv).toString('base64'),
    });
    expect((await followJob(api, upload)).status).toBe('done');
    const { suggestedMapping } = (await api.get(`/api/imports/${upload.body.id}`)).body;
    expect((await api.put(`/api/imports/${upload.body.id}/mapping`, { mapping: suggestedMapping })).status).toBe(200);
    expect(await jobResult(api, await api.post(`/api/imports/${upload.body.id}/commit`, {}))).toMatchObject({ created: 2 });
    expect(written).toEqual(['Typed In Lawns', 'Battery Lawns', 'Mercer Grounds']);
  });

  it('a customer an import updates (update mode) passes through its hooks too, with the stored row before it', async () => {
    written.length = 0;
    seenBefore.length = 0;
    const csv = 'Company,Street,City,State,Zip\nBattery Lawns,1 Oak Ave,Hamilton,NJ,08610\n';
    const upload = await api.post('/api/imports', {
      kind: 'customers',
      fileName: 'update.csv',
      content: Buffer.from(csv).toString('base64'),
    });
    expect((await followJob(api, upload)).status).toBe('done');
    const { suggestedMapping } = (await api.get(`/api/imports/${upload.body.id}`)).body;
    const preview = await api.put(`/api/imports/${upload.body.id}/mapping`, { mapping: suggestedMapping, duplicates: 'update' });
    expect(preview.body.duplicates).toMatchObject([{ name: 'Battery Lawns', action: 'update' }]);
    expect(await jobResult(api, await api.post(`/api/imports/${upload.body.id}/commit`, {}))).toMatchObject({ created: 0, updated: 1 });
    expect(written).toEqual(['Battery Lawns']);
    expect(seenBefore).toEqual(['Trenton']);
    const [customer] = (await api.get('/api/customers?searchTerm=Battery')).body.customers;
    expect(customer).toMatchObject({ city: 'Hamilton', zip: '08610' });
    // Undo puts the value back.
    expect(await jobResult(api, await api.del(`/api/imports/${upload.body.id}`))).toMatchObject({ restored: 2 }); // the customer and its site at that address
    expect((await api.get(`/api/customers/${customer.id}`)).body).toMatchObject({ city: 'Trenton', zip: '08608' });
  });
});
