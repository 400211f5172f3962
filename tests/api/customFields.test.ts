import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, signedInStaff, TEST_SECRET, TEST_XSRF, type TestApi } from '../helpers/testApi';
import { makeCustomerWithSite } from '../helpers/estimateFixtures';
import { openDatabase } from '../../server/db/connection';
import { buildApp } from '../../server/app';
import { databaseKinds } from '../helpers/testDatabase';
import { createEstimate } from '../helpers/printFixtures';
import { getBinary, pdfText } from '../helpers/pdfText';
import { sendBody } from '../helpers/proposalFixtures';
import { jobResult } from '../helpers/jobViews';
import { CUSTOM_FIELDS_MAX } from '../../src/schema/customFields';

const address = { address1: '1 Oak Ave', city: 'Trenton', state: 'NJ' };

describe.each(databaseKinds())('custom fields (issue 38) on %s', (kind) => {
  let api: TestApi;

  const addField = (body: Record<string, unknown>) => api.post('/api/customFields', body);
  const customer = async (id: number) => (await api.get(`/api/customers/${id}`)).body;
  const names = async (query: string) =>
    ((await api.get(`/api/customers?${query}`)).body.customers as { name: string }[]).map((c) => c.name);

  beforeAll(async () => {
    api = await createTestApi(kind);
    await api.login();
  });
  afterAll(() => api?.close());

  it('adds a choice field to customers; a customer is saved with it, listed, sorted, filtered and searched', async () => {
    const added = await addField({
      entity: 'customers',
      label: 'Lead source',
      kind: 'choice',
      choices: ['Referral', 'Website', 'Yard sign'],
      showInList: true,
      filterable: true,
    });
    expect(added.status, added.raw).toBe(201);
    expect(added.body.key).toBe('lead_source');

    // The API's document describes the field from now on.
    const document = (await api.request('GET', '/api/openapi.json', undefined, null)).body;
    expect(document.components.schemas.Customer.properties.custom.properties.lead_source).toMatchObject({
      type: 'string',
      enum: ['Referral', 'Website', 'Yard sign'],
    });
    const customerList = document.paths['/api/customers'].get.parameters;
    expect(customerList.find((p: { name: string }) => p.name === 'sortBy').schema.enum).toContain('custom.lead_source');
    expect(customerList.map((p: { name: string }) => p.name)).toContain('filter:custom.lead_source');

    const fields = (await api.get('/api/customFields?entity=customers')).body.customFields;
    expect(fields).toEqual([
      expect.objectContaining({
        key: 'lead_source',
        label: 'Lead source',
        kind: 'choice',
        choices: ['Referral', 'Website', 'Yard sign'],
        position: 1,
      }),
    ]);

    const create = (name: string, custom?: unknown) =>
      api.post('/api/customers', { name, ...address, ...(custom === undefined ? {} : { custom }) });
    const a = await create('Alder Landscaping', { lead_source: 'Website' });
    expect(a.status, a.raw).toBe(201);
    const b = await create('Birch Homes', { lead_source: 'Referral' });
    const c = await create('Cedar Court');
    expect((await customer(a.body.id)).custom).toEqual({ lead_source: 'Website' });
    expect((await customer(c.body.id)).custom).toEqual({});

    const listed = (await api.get('/api/customers?sortBy=customer_name')).body.customers;
    expect(listed.map((row: { custom: unknown }) => row.custom)).toEqual([{ lead_source: 'Website' }, { lead_source: 'Referral' }, {}]);
    expect(await names('sortBy=custom.lead_source&sortDirection=ASC')).toEqual(['Birch Homes', 'Alder Landscaping', 'Cedar Court']);
    expect(await names(`filter:custom.lead_source=${encodeURIComponent('"Website"')}`)).toEqual(['Alder Landscaping']);
    expect(await names(`filter:custom.lead_source=${encodeURIComponent('["Website","Referral"]')}&sortBy=customer_name`)).toEqual([
      'Alder Landscaping',
      'Birch Homes',
    ]);
    expect(await names(`filter:custom.lead_source=${encodeURIComponent('[null]')}`)).toEqual(['Cedar Court']);
    expect(await names('searchTerm=referr')).toEqual(['Birch Homes']);

    // The export carries every custom field as a column headed by its label.
    const exported = await api.app.inject({
      method: 'GET',
      url: '/api/customers/export?format=csv&sortBy=customer_name',
      headers: { authorization: `Bearer ${api.token}` },
    });
    expect(exported.statusCode, exported.body).toBe(200);
    const [header, ...rows] = Papa.parse<string[]>(exported.body.replace(/^\uFEFF/, '').trimEnd(), { newline: '\r\n' }).data;
    expect(header.at(-1)).toBe('Lead source');
    expect(rows.map((row) => [row[1], row.at(-1)])).toEqual([
      ['Alder Landscaping', 'Website'],
      ['Birch Homes', 'Referral'],
      ['Cedar Court', ''],
    ]);

    // A PUT without `custom` keeps the values; one with a key changes it; null clears it.
    const stored = await customer(b.body.id);
    const kept = await api.put(`/api/customers/${b.body.id}`, { ...stored, custom: undefined, name: 'Birch Homes LLC' });
    expect(kept.status, kept.raw).toBe(200);
    expect(kept.body.custom).toEqual({ lead_source: 'Referral' });
    const cleared = await api.put(`/api/customers/${b.body.id}`, { version: kept.body.version, custom: { lead_source: null } });
    expect(cleared.body.custom).toEqual({});
    expect(b.status).toBe(201);
    expect(c.status).toBe(201);
  });

  it('validates values with the messages of declared fields, and a wrong choice or unknown key changes nothing', async () => {
    const po = await addField({ entity: 'customers', label: 'PO Number', kind: 'text', required: true, max: 30 });
    expect(po.status, po.raw).toBe(201);
    const refused = async (custom: unknown) => {
      const res = await api.post('/api/customers', { name: 'Refused Co', ...address, custom });
      expect(res.status, res.raw).toBe(400);
      return res.body.errors as Record<string, string>;
    };
    expect(await refused({})).toEqual({ 'custom.po_number': 'PO Number is required.' });
    expect(await refused({ po_number: 'x'.repeat(31) })).toEqual({ 'custom.po_number': 'PO Number cannot exceed 30 characters.' });
    expect(await refused({ po_number: 'A-1', lead_source: 'Radio' })).toEqual({
      'custom.lead_source': 'Lead source must be one of its choices.',
    });
    expect(await refused({ po_number: 'A-1', gate_code: '1234', 'x; DROP TABLE customers': 1 })).toEqual({
      custom: 'Unknown custom fields: gate_code, x; DROP TABLE customers.',
    });
    expect(await refused('not an object')).toEqual({ custom: 'Custom fields must be an object of field keys and values.' });
    expect(await names('searchTerm=Refused')).toEqual([]);

    const ok = await api.post('/api/customers', { name: 'Dogwood Inc', ...address, custom: { po_number: ' PO-778 ' } });
    expect(ok.status, ok.raw).toBe(201);
    expect((await customer(ok.body.id)).custom).toEqual({ po_number: 'PO-778' });
    // The required field is asked of the records made before it too, on their next save.
    const alder = (await api.get('/api/customers?searchTerm=Alder')).body.customers[0];
    const resave = await api.put(`/api/customers/${alder.id}`, { version: alder.version, name: 'Alder Landscaping', custom: alder.custom });
    expect(resave.status).toBe(400);
    expect(resave.body.errors).toEqual({ 'custom.po_number': 'PO Number is required.' });
    // A change that does not touch them (a bulk action, another client) keeps them as they are.
    const untouched = await api.put(`/api/customers/${alder.id}`, { version: alder.version, type: 1 });
    expect(untouched.status, untouched.raw).toBe(200);
    expect(untouched.body.custom).toEqual(alder.custom);
    // Left required for the rest of the file would refuse every customer; not required from here.
    const field = (await api.get('/api/customFields?entity=customers')).body.customFields.find(
      (f: { key: string }) => f.key === 'po_number',
    );
    const changed = await api.put(`/api/customFields/${field.id}`, { ...field, required: false });
    expect(changed.status, changed.raw).toBe(200);
    expect(changed.body).toMatchObject({ required: false, version: 2 });
  });

  it('changes a kind only where every stored value converts (409 with the count), and removes a choice in use only when unused', async () => {
    const fields = async () =>
      (await api.get('/api/customFields?entity=customers')).body.customFields as { id: number; key: string; version: number }[];
    const zone = await addField({ entity: 'customers', label: 'Zones', kind: 'text' });
    expect(zone.status).toBe(201);
    const make = (name: string, zones: string) => api.post('/api/customers', { name, ...address, custom: { zones } });
    await make('Elm One', '4');
    await make('Elm Two', 'four');
    await make('Elm Three', 'four');
    const field = (await fields()).find((f) => f.key === 'zones')!;
    const toNumber = await api.put(`/api/customFields/${field.id}`, { ...field, kind: 'number' });
    expect(toNumber.status).toBe(409);
    expect(toNumber.body.message).toBe('2 customers hold a value of Zones that cannot become Number: change or clear them first.');
    const two = (await api.get('/api/customers?searchTerm=Elm Two')).body.customers[0];
    const three = (await api.get('/api/customers?searchTerm=Elm Three')).body.customers[0];
    await api.put(`/api/customers/${two.id}`, { version: two.version, custom: { zones: '6' } });
    await api.put(`/api/customers/${three.id}`, { version: three.version, custom: { zones: null } });
    const converted = await api.put(`/api/customFields/${field.id}`, { ...field, kind: 'number' });
    expect(converted.status, converted.raw).toBe(200);
    expect((await api.get(`/api/customers/${two.id}`)).body.custom).toEqual({ zones: 6 });
    // As declared fields sort: DESC puts the records without a value first (PostgreSQL's NULLS FIRST).
    expect(await names('sortBy=custom.zones&sortDirection=DESC&searchTerm=Elm')).toEqual(['Elm Three', 'Elm Two', 'Elm One']);

    const lead = (await fields()).find((f) => f.key === 'lead_source')!;
    const removeWebsite = await api.put(`/api/customFields/${lead.id}`, { ...lead, choices: ['Referral', 'Yard sign'] });
    expect(removeWebsite.status).toBe(409);
    expect(removeWebsite.body.message).toBe('1 customer holds a choice of Lead source that would be removed (Website): change them first.');
    const renameUnused = await api.put(`/api/customFields/${lead.id}`, { ...lead, choices: ['Referral', 'Website', 'Lawn sign'] });
    expect(renameUnused.status, renameUnused.raw).toBe(200);
  });

  it('deletes a field with values only when confirmed, and says how many values went; every change is audited', async () => {
    const fields = (await api.get('/api/customFields?entity=customers')).body.customFields as { id: number; key: string }[];
    const lead = fields.find((f) => f.key === 'lead_source')!;
    const asked = await api.del(`/api/customFields/${lead.id}`);
    expect(asked.status).toBe(409);
    expect(asked.body.message).toBe(
      '1 customer holds a value of Lead source, which would be deleted with it. Export them first if you need them, then delete with confirm=true.',
    );
    expect((await api.get('/api/customFields?entity=customers')).body.customFields).toHaveLength(fields.length);
    const gone = await api.del(`/api/customFields/${lead.id}?confirm=true`);
    expect(gone.status, gone.raw).toBe(200);
    expect(gone.body).toEqual({ deletedValues: 1 });
    const alder = (await api.get('/api/customers?searchTerm=Alder')).body.customers[0];
    expect(alder.custom).toEqual({});
    expect((await api.get('/api/customers?sortBy=custom.lead_source')).status).toBe(400);

    const changes = (await api.get('/api/customFields/changes?entity=customers')).body.changes;
    expect(changes[0]).toMatchObject({ action: 'deleted', key: 'lead_source', userName: 'Terry Tester', changes: { values: [1, 0] } });
    expect(changes.map((c: { action: string; key: string }) => `${c.action} ${c.key}`)).toEqual(
      expect.arrayContaining(['added lead_source', 'changed po_number', 'changed zones']),
    );
    expect(changes.find((c: { action: string; key: string }) => c.key === 'po_number' && c.action === 'changed').changes).toEqual({
      required: [true, false],
    });
  });

  it('sets one custom field on many records at once (bulk Set field…), each written as a single save; a refused value changes none', async () => {
    const ids = ((await api.get('/api/customers?searchTerm=Elm&sortBy=customer_name')).body.customers as { id: number }[]).map((c) => c.id);
    const set = (body: Record<string, unknown>) =>
      api.post('/api/customers/bulk', { action: 'setCustomField', ids: [...ids, 999999], ...body });
    const done = await set({ key: 'zones', value: '9' });
    expect(done.status, done.raw).toBe(200);
    expect(done.body.done).toEqual([...ids].sort((a, b) => a - b));
    expect(done.body.kept).toEqual([{ id: 999999, name: null, reason: 'not found' }]);
    for (const id of ids) expect((await api.get(`/api/customers/${id}`)).body.custom.zones).toBe(9);
    const refused = await set({ key: 'zones', value: 'nine' });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual({ 'custom.zones': 'Zones is invalid.' });
    expect((await set({ key: 'nope', value: 1 })).body.message).toBe('Unknown custom field: nope.');
    expect((await set({ value: 1 })).status).toBe(400);
    for (const id of ids) expect((await api.get(`/api/customers/${id}`)).body.custom.zones).toBe(9);
  });

  it('reorders, and lets staff read the fields but not change them', async () => {
    const fields = (await api.get('/api/customFields?entity=customers')).body.customFields as { id: number; key: string }[];
    const reversed = fields.map((f) => f.id).reverse();
    const reordered = await api.post('/api/customFields/reorder', { entity: 'customers', ids: reversed });
    expect(reordered.status, reordered.raw).toBe(200);
    expect(reordered.body.customFields.map((f: { id: number }) => f.id)).toEqual(reversed);
    expect((await api.post('/api/customFields/reorder', { entity: 'customers', ids: reversed.slice(1) })).status).toBe(409);

    const staff = await signedInStaff(api);
    expect((await api.request('GET', '/api/customFields', undefined, staff.token)).status).toBe(200);
    expect(
      (await api.request('POST', '/api/customFields', { entity: 'sites', label: 'Gate code', kind: 'text' }, staff.token)).status,
    ).toBe(403);
    expect((await api.request('DELETE', `/api/customFields/${fields[0].id}?confirm=true`, undefined, staff.token)).status).toBe(403);
  });

  it('imports a custom field from a CSV column: offered as a target, checked as the form checks it, written, and an update merges it', async () => {
    const upload = async (csv: string) =>
      (await jobResult(
        api,
        await api.post('/api/imports', { kind: 'customers', fileName: 'leads.csv', content: Buffer.from(csv).toString('base64') }),
      )) as {
        id: number;
      };
    const mapping = { name: 'Customer', address1: 'Street', city: 'Town', state: 'ST', 'custom.zones': 'Irrigation zones' };
    const file = await upload(
      'Customer,Street,Town,ST,Irrigation zones\r\nFir Lane HOA,5 Fir Ln,Trenton,NJ,12\r\nSpruce Court,7 Spruce Ct,Trenton,NJ,many\r\n',
    );
    const preview = await api.put(`/api/imports/${file.id}/mapping`, { mapping, duplicates: 'update' });
    expect(preview.status, preview.raw).toBe(200);
    expect(JSON.stringify(preview.body)).toContain('Zones is invalid.');
    const unknownTarget = await api.put(`/api/imports/${file.id}/mapping`, { mapping: { ...mapping, 'custom.nope': 'Town' } });
    expect(unknownTarget.status).toBe(400);
    await jobResult(api, await api.post(`/api/imports/${file.id}/commit`, {}));
    const fir = (await api.get('/api/customers?searchTerm=Fir Lane')).body.customers[0];
    expect(fir.custom).toEqual({ zones: 12 });
    expect((await api.get('/api/customers?searchTerm=Spruce Court')).body.count).toBe(0);

    // Updating the same customer from a second file: its other custom values stay.
    await api.put(`/api/customers/${fir.id}`, { version: fir.version, custom: { po_number: 'PO-9' } });
    const again = await upload('Customer,Street,Town,ST,Irrigation zones\r\nFir Lane HOA,5 Fir Ln,Trenton,NJ,14\r\n');
    expect((await api.put(`/api/imports/${again.id}/mapping`, { mapping, duplicates: 'update' })).status).toBe(200);
    await jobResult(api, await api.post(`/api/imports/${again.id}/commit`, {}));
    expect((await api.get(`/api/customers/${fir.id}`)).body.custom).toEqual({ zones: 14, po_number: 'PO-9' });
  });

  it("prints the fields marked on the proposal: an estimate's date under the project, a site's gate code; not the unmarked ones", async () => {
    const marked = async (entity: string, label: string, kind: string, printOnProposal: boolean) => {
      const res = await addField({ entity, label, kind, printOnProposal });
      expect(res.status, res.raw).toBe(201);
      return res.body.key as string;
    };
    const start = await marked('estimates', 'Start date', 'date', true);
    const internal = await marked('estimates', 'Internal ref', 'text', false);
    const gate = await marked('sites', 'Gate code', 'text', true);
    const estimate = await createEstimate(api, { projectName: 'Custom Facts', areas: [{ name: 'Front', items: [] }] });
    const stored = (await api.get(`/api/estimates/${estimate.id}`)).body;
    expect(
      (await api.put(`/api/estimates/${estimate.id}`, { ...stored, custom: { [start]: '2027-04-05', [internal]: 'Q-77' } })).status,
    ).toBe(200);
    const site = (await api.get(`/api/sites/${stored.siteID}`)).body;
    expect((await api.put(`/api/sites/${site.id}`, { ...site, custom: { [gate]: '#4411' } })).status).toBe(200);

    const res = await getBinary(api, `/api/estimates/${estimate.id}/generateEstimateProposal?printType=TOTAL_PRICE_ONLY`);
    expect(res.status).toBe(200);
    const { text } = await pdfText(res.bytes);
    expect(text).toContain('Start date: 4/5/2027');
    expect(text).toContain('Gate code: #4411');
    expect(text).not.toContain('Q-77');

    // Sent: the client's page shows them as frozen; a later change starts R2, compared and restored by key.
    const sent = await api.post(`/api/estimates/${estimate.id}/proposals`, sendBody(api));
    expect(sent.status, sent.raw).toBe(201);
    const token = (sent.body.link as string).split('/p/')[1];
    const page = (await api.request('GET', `/api/public/proposals/${token}`, undefined, null)).body;
    expect(page.estimate.printed).toEqual([{ label: 'Start date', text: '4/5/2027' }]);
    expect(page.site.printed).toEqual([{ label: 'Gate code', text: '#4411' }]);
    const current = (await api.get(`/api/estimates/${estimate.id}`)).body;
    expect((await api.put(`/api/estimates/${estimate.id}`, { version: current.version, custom: { [start]: '2027-05-01' } })).status).toBe(
      200,
    );
    expect((await api.get(`/api/estimates/${estimate.id}`)).body.revision).toBe(2);
    const compared = (await api.get(`/api/estimates/${estimate.id}/revisions/compare?from=1&to=2`)).body;
    expect(compared.custom).toEqual([{ key: start, from: '2027-04-05', to: '2027-05-01' }]);
    const restored = await api.post(`/api/estimates/${estimate.id}/revisions/1/restore`, {});
    expect(restored.status, restored.raw).toBe(200);
    expect((await api.get(`/api/estimates/${estimate.id}`)).body.custom).toEqual({ [start]: '2027-04-05', [internal]: 'Q-77' });
    // A duplicate carries them, as it carries every field of the estimate.
    const copy = await api.post(`/api/estimates/${estimate.id}/duplicate`, {});
    expect(copy.status, copy.raw).toBe(201);
    expect((await api.get(`/api/estimates/${copy.body.id}`)).body.custom).toEqual({ [start]: '2027-04-05', [internal]: 'Q-77' });
  });

  // A second server on the same PostgreSQL (its own pool, its own app): a field added on one is
  // accepted by the other on its next request, and one deleted is refused there at once.
  if (kind === 'postgres') {
    it('a field added on one server is accepted by another on the same PostgreSQL at once, without a restart', async () => {
      const otherDatabase = await openDatabase({ databaseUrl: api.database.url!, poolSize: 2 });
      const other = await buildApp({ database: otherDatabase, jwtSecret: TEST_SECRET, now: () => Date.now() });
      try {
        await other.ready();
        const onOther = (method: 'GET' | 'POST', url: string, body?: unknown) =>
          other.inject({
            method,
            url,
            payload: body === undefined ? undefined : JSON.stringify(body),
            headers: {
              authorization: `Bearer ${api.token}`,
              cookie: `XSRF-TOKEN=${TEST_XSRF}`,
              'x-xsrf-token': TEST_XSRF,
              ...(body === undefined ? {} : { 'content-type': 'application/json' }),
            },
          });
        const { customerID } = await makeCustomerWithSite(api, 'Two Servers Co');
        const site = { name: 'Back Gate', ...address, custom: { back_gate_code: '7788' } };
        expect((await onOther('POST', `/api/customers/${customerID}/sites`, site)).statusCode).toBe(400);
        const added = await addField({ entity: 'sites', label: 'Back gate code', kind: 'text' });
        expect(added.status).toBe(201);
        const created = await onOther('POST', `/api/customers/${customerID}/sites`, site);
        expect(created.statusCode, created.body).toBe(201);
        expect((await api.get(`/api/sites/${created.json().id}`)).body.custom).toEqual({ back_gate_code: '7788' });
        expect((await api.del(`/api/customFields/${added.body.id}?confirm=true`)).body).toEqual({ deletedValues: 1 });
        const refused = await onOther('POST', `/api/customers/${customerID}/sites`, site);
        expect(refused.statusCode).toBe(400);
        expect(refused.json().errors).toEqual({ custom: 'Unknown custom field: back_gate_code.' });
      } finally {
        await other.close();
        await otherDatabase.close();
      }
    });
  }

  it('refuses hostile definitions with 400 naming the field, never a 5xx, and stops at the limit', async () => {
    const refused = async (body: unknown) => {
      const res = await api.post('/api/customFields', body);
      expect(res.status, res.raw).toBe(400);
      return res.body;
    };
    expect((await refused({ entity: 'users', label: 'Password', kind: 'text' })).errors.entity).toMatch(/^Entity must be one of/);
    expect((await refused({ entity: 'sites', label: 'Name', kind: 'text' })).errors.label).toBe(
      'Name is already a field of sites: choose another label.',
    );
    expect((await refused({ entity: 'sites', label: "'; DROP TABLE sites; --", kind: 'text', max: 0 })).errors.max).toMatch(/^Max must be/);
    expect((await refused({ entity: 'sites', label: '%%%', kind: 'text' })).errors.label).toBe(
      'Label must contain a letter or a digit, on one line.',
    );
    expect((await refused({ entity: 'sites', label: 'x'.repeat(61), kind: 'text' })).errors.label).toBe(
      'Label cannot exceed 60 characters.',
    );
    expect((await refused({ entity: 'sites', label: 'Colour', kind: 'choice', choices: ['x'.repeat(10_000)] })).errors.choices).toMatch(
      /^Each choice/,
    );
    expect((await refused({ entity: 'sites', label: 'Colour', kind: 'choice', choices: [] })).errors.choices).toBe(
      'A choice field needs at least one choice.',
    );
    expect((await refused({ entity: 'sites', label: 'Colour', kind: 'evil' })).errors.kind).toMatch(/^Kind must be one of/);
    expect((await refused({ entity: 'contacts', label: 'Birthday', kind: 'date', printOnProposal: true })).errors.printOnProposal).toMatch(
      /^Only fields of/,
    );
    expect((await refused({ entity: 'sites', label: 'Gate', kind: 'text', required: 'yes' })).errors.required).toBe(
      'Required must be true or false.',
    );
    expect((await api.post('/api/customFields', [1, 2])).status).toBe(400);
    expect((await api.get('/api/customFields?entity=nope')).status).toBe(400);
    expect((await api.put('/api/customFields/999999', { label: 'X', kind: 'text', version: 1 })).status).toBe(404);
    expect((await api.get('/api/customers?sortBy=custom.nope')).status).toBe(400);
    expect((await api.get(`/api/customers?filter:custom.zones=${encodeURIComponent('"many"')}`)).status).toBe(400);

    for (let i = 1; i <= CUSTOM_FIELDS_MAX; i += 1) {
      const res = await api.post('/api/customFields', { entity: 'itemCatalog', label: `Fact ${i}`, kind: 'text' });
      expect(res.status, res.raw).toBe(201);
    }
    expect((await refused({ entity: 'itemCatalog', label: 'One too many', kind: 'text' })).message).toBe(
      'An entity can have at most 50 custom fields.',
    );
    expect((await api.post('/api/customFields', { entity: 'itemCatalog', label: 'Fact 1', kind: 'text' })).status).toBe(400);
  });
});
