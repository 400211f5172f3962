import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import * as tables from '../../server/db/entityTables';
import { requiredMessage } from '../../src/schema/validate';
import { contacts, customers } from '../../src/schema';
import { layoutMessage, IMPORT_LAYOUTS } from '../../src/domain/importing/layouts';
import { createTestApi, type TestApi } from '../helpers/testApi';
import { databaseKinds } from '../helpers/testDatabase';
import { jobResult } from '../helpers/jobViews';

type Row = Record<string, any>;

/** The exports of tests/fixtures/imports, as the programs write them (README.md there names each layout). */
const fixture = (name: string) => readFileSync(join(__dirname, '../fixtures/imports', name)).toString('base64');
const labelOf = (id: string) => IMPORT_LAYOUTS.find((l) => l.id === id)!.label;

describe.each(databaseKinds())('imports of known layouts on %s (issue 35)', (kind) => {
  let api: TestApi;
  const db = () => api.database.db;
  const customerNamed = async (name: string) =>
    (await db().select().from(tables.customers).where(eq(tables.customers.name, name)))[0] as Row | undefined;
  const contactsOf = async (customerID: number) =>
    (await db().select().from(tables.contacts).where(eq(tables.contacts.customerID, customerID))) as Row[];
  const sitesOf = async (customerID: number) =>
    (await db().select().from(tables.sites).where(eq(tables.sites.customerID, customerID))) as Row[];

  async function importFile(name: string) {
    const up = {
      body: (await jobResult(api, await api.post('/api/imports', { kind: 'customers', fileName: name, content: fixture(name) }))) as Row,
    };
    const preview = await api.put(`/api/imports/${up.body.id}/mapping`, { mapping: up.body.suggestedMapping });
    expect(preview.status, preview.raw).toBe(200);
    return {
      upload: up.body,
      preview: preview.body as Row,
      commit: async () => (await jobResult(api, await api.post(`/api/imports/${up.body.id}/commit`, {}))) as Row,
    };
  }

  /** The preview's counts add up to the file's rows, and the commit says what the preview said. */
  function expectCountsAddUp(upload: Row, preview: Row, result: Row) {
    const { create, update, skip } = preview.counts;
    expect(create + update + skip).toBe(preview.valid);
    expect(preview.valid + preview.invalidRows).toBe(upload.rowCount);
    expect(result).toEqual({ created: create, updated: update, skipped: skip + preview.invalidRows });
  }

  beforeAll(async () => {
    api = await createTestApi(kind);
  });
  afterAll(() => api?.close());

  it('QuickBooks Desktop: recognised, the name line skipped, "City, ST ZIP" split, the duplicate and the address-less customer counted', async () => {
    // Already on file: the first customer of the list, at the same street.
    const stored = await api.post('/api/customers', {
      name: 'Greenway HOA',
      type: 1,
      address1: '12 Elm Street',
      city: 'Lawrenceville',
      state: 'NJ',
      zip: '08648',
    });
    expect(stored.status, stored.raw).toBe(201);
    const { upload, preview, commit } = await importFile('quickbooks-desktop-customer-list.csv');
    expect(upload.layout).toEqual({
      id: 'quickbooksDesktop',
      label: labelOf('quickbooksDesktop'),
      message: 'Looks like a QuickBooks Desktop customer list',
    });
    expect(upload.suggestedMapping).toMatchObject({
      name: 'Customer',
      address1: 'Bill to 1',
      address2: 'Bill to 2',
      address3: 'Bill to 3',
      cityStateZip: 'Bill to 4',
      city: null,
      contactPhone: 'Main Phone',
      contactEmail: 'Main Email',
      siteCityStateZip: 'Ship to 4',
      type: 'Customer Type',
    });
    expect(upload.rowCount).toBe(5);
    expect(preview.invalid).toEqual([
      { row: 6, name: 'Cash Sales', field: 'address1', message: requiredMessage(customers.field('address1')!) },
      { row: 6, name: 'Cash Sales', field: 'city', message: requiredMessage(customers.field('city')!) },
      { row: 6, name: 'Cash Sales', field: 'state', message: requiredMessage(customers.field('state')!) },
    ]);
    expect(preview.duplicates).toEqual([{ row: 2, name: 'Greenway HOA', existingID: stored.body.id, action: 'skip' }]);
    expect(preview).toMatchObject({ valid: 4, invalidRows: 1, counts: { create: 3, update: 0, skip: 1 } });
    const result = await commit();
    expectCountsAddUp(upload, preview, result);
    expect(result).toEqual({ created: 3, updated: 0, skipped: 2 });

    // "Miller, Bob": Bill to 1 is the contact's name, dropped; Bill to 3 split.
    const miller = (await customerNamed('Miller, Bob'))!;
    expect(miller).toMatchObject({ address1: '5 Oak Ave', address2: null, city: 'Philadelphia', state: 'PA', zip: '19103', type: 1 });
    expect(await contactsOf(miller.id)).toMatchObject([
      { firstName: 'Bob', lastName: 'Miller', phone: '(215) 555-0100', email: 'bob.miller@example.com' },
    ]);
    // Windows-1252's curly apostrophe read, the company and contact lines dropped (the contact's middle initial aside), "Trenton NJ 08608" without its comma split.
    const obrien = (await customerNamed('O\u2019Brien Landscape Supply'))!;
    expect(obrien).toMatchObject({ address1: '9 Birch Rd', city: 'Trenton', state: 'NJ', zip: '08608' });
    // The state spelled out and a ZIP+4; its ship-to block is its site; "Prospect" is a lead.
    const daycare = (await customerNamed('Princeton Day Care'))!;
    expect(daycare).toMatchObject({ address1: '40 Park Pl', city: 'Princeton', state: 'NJ', zip: '08540-1234', type: 0 });
    expect(await sitesOf(daycare.id)).toMatchObject([{ address1: '100 Rosedale Rd', city: 'Princeton', state: 'NJ', zip: '08540' }]);
  });

  it("Jobber: recognised, lists of phones and emails give the first and keep the others in the contact's notes, 6 valid rows = 5 created + 1 duplicate", async () => {
    const { upload, preview, commit } = await importFile('jobber-client-list.csv');
    expect(upload.layout.message).toBe(layoutMessage({ label: 'Jobber client list' }));
    expect(upload.suggestedMapping).toMatchObject({
      name: 'Display Name',
      contactPhone: 'Main Phone #s',
      contactEmail: 'E-mails',
      zip: 'Billing Zip code',
      siteZip: 'Service Zip code',
    });
    expect(preview.invalid).toEqual([]);
    expect(preview).toMatchObject({ valid: 6, invalidRows: 0, counts: { create: 5, update: 0, skip: 1 } });
    expect(preview.duplicates).toEqual([{ row: 6, name: 'Kevin Weaver', existingID: null, sameAsRow: 2, action: 'skip' }]);
    expect(preview.notes).toEqual([
      {
        row: 2,
        name: 'Kevin Weaver',
        field: 'contactPhone',
        message: "Contact Phone: the first of 2 is imported; the others are kept in the contact's notes.",
      },
      {
        row: 2,
        name: 'Kevin Weaver',
        field: 'contactEmail',
        message: "Contact Email: the first of 2 is imported; the others are kept in the contact's notes.",
      },
      {
        row: 6,
        name: 'Kevin Weaver',
        field: 'contactPhone',
        message: "Contact Phone: the first of 2 is imported; the others are kept in the contact's notes.",
      },
      {
        row: 6,
        name: 'Kevin Weaver',
        field: 'contactEmail',
        message: "Contact Email: the first of 2 is imported; the others are kept in the contact's notes.",
      },
    ]);
    const result = await commit();
    expectCountsAddUp(upload, preview, result);

    const kevin = (await customerNamed('Kevin Weaver'))!;
    expect(kevin).toMatchObject({ address1: '22 Maple Ave', city: 'Hamilton', state: 'NJ', zip: '08619', type: 1 });
    const [contact] = await contactsOf(kevin.id);
    expect(contact).toMatchObject({ firstName: 'Kevin', lastName: 'Weaver', phone: '(609) 555-0110', email: 'kevin@weaver.example' });
    expect(contact.notes).toBe(
      'Other phones in the imported file: (609) 555-0111\nOther emails in the imported file: kweaver@work.example',
    );
    expect(contact.notes.length).toBeLessThanOrEqual(contacts.field('notes')!.max!);
    // A company with its service property as its site.
    const basil = (await customerNamed('Basil Box'))!;
    expect(basil).toMatchObject({ address1: '1500 Walnut St', address2: 'Suite 300', state: 'PA' });
    expect(await sitesOf(basil.id)).toMatchObject([{ name: 'Basil Box Warehouse', address1: '77 Delaware Ave', zip: '19106' }]);
    // No billing address: the customer is at its service property.
    expect(await customerNamed('Maria Gomez')).toMatchObject({ address1: '310 River Rd', city: 'Yardley', state: 'PA' });
    expect(await contactsOf((await customerNamed('Lakeside Condo Association'))!.id)).toMatchObject([
      { phone: '(609) 555-0166', phoneExtension: '12' },
    ]);
  });

  it('Outlook: recognised; a person without a company is a customer under their own name at their home address', async () => {
    const { upload, preview, commit } = await importFile('outlook-contacts.csv');
    expect(upload.layout.id).toBe('outlook');
    expect(preview).toMatchObject({ valid: 2, invalidRows: 1, counts: { create: 2, update: 0, skip: 0 } });
    expect(preview.invalid.map((e: Row) => [e.row, e.name, e.field])).toEqual([
      [4, 'Sam Okafor', 'address1'],
      [4, 'Sam Okafor', 'city'],
      [4, 'Sam Okafor', 'state'],
    ]);
    const result = await commit();
    expectCountsAddUp(upload, preview, result);
    expect(await customerNamed('Hopper Dental Group')).toMatchObject({ address1: '200 Nassau St', zip: '08542', type: 0 });
    const rene = (await customerNamed('Ren\u00e9 Dubois'))!;
    expect(rene).toMatchObject({ address1: '17 Cherry Hill Rd', state: 'NJ' });
    expect(await contactsOf(rene.id)).toMatchObject([{ email: 'rene.dubois@example.com' }]);
  });

  it('Google Contacts: recognised; " ::: " lists give the first value', async () => {
    const { upload, preview, commit } = await importFile('google-contacts.csv');
    expect(upload.layout.id).toBe('googleContacts');
    expect(preview).toMatchObject({ valid: 2, invalidRows: 0, counts: { create: 2, update: 0, skip: 0 } });
    expect(preview.notes.map((n: Row) => [n.row, n.name, n.field])).toEqual([
      [2, 'Priya Shah', 'contactPhone'],
      [2, 'Priya Shah', 'contactEmail'],
    ]);
    const result = await commit();
    expectCountsAddUp(upload, preview, result);
    const priya = (await customerNamed('Priya Shah'))!;
    expect(await contactsOf(priya.id)).toMatchObject([{ phone: '(609) 555-0150', email: 'priya.shah@example.com' }]);
    expect(await customerNamed('Ortega Properties LLC')).toMatchObject({ address1: '400 Market St', city: 'Philadelphia', zip: '19106' });
  });

  it('a file of no known layout has none; a "City, State Zip" column mapped by hand is split; a bad mapping of it is a 400 naming the mapping', async () => {
    const text = 'Name,Street,City/State/Zip\r\nHill Farm,3 Hill Rd,"Lawrenceville, New Jersey 08648-1234"\r\n';
    const up = {
      body: (await jobResult(
        api,
        await api.post('/api/imports', { kind: 'customers', fileName: 'mine.csv', content: Buffer.from(text).toString('base64') }),
      )) as Row,
    };
    expect(up.body.layout).toBeNull();
    expect(up.body.suggestedMapping).toMatchObject({ name: 'Name', address1: 'Street', cityStateZip: 'City/State/Zip' });
    const bad = await api.put(`/api/imports/${up.body.id}/mapping`, { mapping: { cityStateZip: 'Nope' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toHaveProperty('mapping');
    const preview = await api.put(`/api/imports/${up.body.id}/mapping`, { mapping: up.body.suggestedMapping });
    expect(preview.body).toMatchObject({ valid: 1, invalid: [] });
    await jobResult(api, await api.post(`/api/imports/${up.body.id}/commit`, {}));
    expect(await customerNamed('Hill Farm')).toMatchObject({ city: 'Lawrenceville', state: 'NJ', zip: '08648-1234' });
  });
});
