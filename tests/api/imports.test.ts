import { readImportFileTask } from '../../server/imports/readFileTask';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { count, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import * as tables from '../../server/db/entityTables';
import { importFileParts, imports } from '../../server/db/tables/imports';
import { users } from '../../server/db/tables/users';
import { TOO_MUCH_HEAVY_WORK, userOwner } from '../../server/work/heavyWork';
import { contacts, customers, items, sites } from '../../src/schema';
import { checkField, invalidMessage, requiredMessage } from '../../src/schema/validate';
import { createTestApi, type TestApi } from '../helpers/testApi';
import { databaseKinds } from '../helpers/testDatabase';
import { makeCustomerWithSite } from '../helpers/estimateFixtures';
import { IMPORT_TARGETS } from '../../src/domain/importing/targets';
import { ENTITY_OF } from '../../server/imports/rowRecords';
import { IMPORT_FILE_PART_CHARS } from '../../server/imports/upload';
import { followJob, jobResult } from '../helpers/jobViews';
import { IMPORT_READS_PER_USER, importMessages } from '../../src/domain/importing/importStatus';
import { jobRetryDelayMs } from '../../src/domain/jobs';

type Row = Record<string, any>;

const b64 = (content: string | Buffer) => (typeof content === 'string' ? Buffer.from(content, 'utf8') : content).toString('base64');
const csv = (lines: string[]) => lines.join('\r\n') + '\r\n';

/** A QuickBooks Desktop customer list export (BOM, comma): bill-to and ship-to, a contact, an empty row, two bad rows, a duplicate. */
const QUICKBOOKS =
  '\ufeff' +
  csv([
    'Customer,Company,First Name,Last Name,Main Phone,Main Email,Bill to 1,Bill to 2,Billing City,Billing State,Billing ZIP,Ship to 1,Ship To City,Ship to State,Ship to Zip',
    '"Greenway HOA","Greenway HOA",Ann,Lee,"609.555.0142 x204",ann@greenway.org,"12 Elm St","Suite 4",Princeton,New Jersey,8540,"40 Park Pl",Princeton,nj,8540',
    '"Miller, Bob",,Bob,Miller,"+1 (215) 555-0100 ext. 7",,"5 Oak Ave",,Philadelphia,PA,19103,,,,',
    ',,,,,,,,,,,,,,',
    ',Nameless Co,Cy,Noname,,,"9 Birch Rd",,Trenton,NJ,08608,,,,',
    '"Lone Star Lawns",,,,,,"1 Ranch Rd",,Austin,Texass,78701,,,,',
    '"  ALPHA LAWNS  ",,Al,Pha,,al@alpha.test,"1 Oak Avenue",,Trenton,NJ,8608,,,,',
  ]);

const customerMapping = (extra: Row = {}) => ({
  name: 'Customer',
  address1: 'Bill to 1',
  address2: 'Bill to 2',
  city: 'Billing City',
  state: 'Billing State',
  zip: 'Billing ZIP',
  contactFirstName: 'First Name',
  contactLastName: 'Last Name',
  contactPhone: 'Main Phone',
  contactEmail: 'Main Email',
  siteAddress1: 'Ship to 1',
  siteCity: 'Ship To City',
  siteState: 'Ship to State',
  siteZip: 'Ship to Zip',
  ...extra,
});

async function xlsx(rows: unknown[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Contacts');
  for (const row of rows) sheet.addRow(row);
  workbook.addWorksheet('Other').addRow(['ignored']);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describe.each(databaseKinds())('imports on %s', (kind) => {
  let api: TestApi;
  let alpha: { customerID: number; siteID: number };
  const db = () => api.database.db;
  const n = async (table: any) => (await db().select({ n: count() }).from(table))[0].n as number;
  const totals = async () => ({
    customers: await n(tables.customers),
    contacts: await n(tables.contacts),
    sites: await n(tables.sites),
    items: await n(tables.items),
    imports: await n(imports),
  });
  const upload = (body: Row) => api.post('/api/imports', body);
  /** A file uploaded and read by its job: the job's result (it must succeed). */
  async function uploaded(importKind: string, fileName: string, content: string | Buffer): Promise<Row> {
    return (await jobResult(api, await upload({ kind: importKind, fileName, content: b64(content) }))) as Row;
  }
  const preview = (id: number, mapping: Row, duplicates?: string) => api.put(`/api/imports/${id}/mapping`, { mapping, duplicates });
  const commit = (id: number) => api.post(`/api/imports/${id}/commit`, {});
  /** The commit's job followed to its end: its result (it must succeed). */
  const committed = async (id: number) => jobResult(api, await commit(id));
  const undo = (id: number) => api.del(`/api/imports/${id}`);
  const undone = async (id: number) => jobResult(api, await undo(id));
  const statusOf = async (id: number) => (await db().select().from(imports).where(eq(imports.id, id)))[0];
  /** The options of the search indexes a commit may defer (they must end as they began). */
  const searchIndexOptions = async () =>
    (
      (await db().execute(
        sql.raw(`SELECT c.relname, c.reloptions::text AS options FROM pg_class c JOIN pg_am am ON am.oid = c.relam
                 WHERE am.amname = 'gin' ORDER BY c.relname`),
      )) as unknown as { rows: { relname: string; options: string | null }[] }
    ).rows;
  const customerNamed = async (name: string) =>
    (await db().select().from(tables.customers).where(eq(tables.customers.name, name)))[0] as Row;

  beforeAll(async () => {
    api = await createTestApi(kind);
    alpha = await makeCustomerWithSite(api, 'Alpha Lawns');
  });
  afterAll(() => api?.close());

  it("a QuickBooks customer list: suggested mapping, preview with the forms' messages and the duplicate, commit, undo", async () => {
    const before = await totals();
    const file = await uploaded('customers', 'Customer List.csv', QUICKBOOKS);
    expect(file.rowCount).toBe(5);
    expect(file.columns[0]).toBe('Customer');
    expect(file.suggestedMapping).toMatchObject(customerMapping());
    expect((await totals()).customers).toBe(before.customers);
    // The import on its own, as a wizard taken up again reads it.
    const detail = await api.get(`/api/imports/${file.id}`);
    expect(detail.status, detail.raw).toBe(200);
    expect(detail.body).toMatchObject({
      id: file.id,
      status: 'pending',
      rowCount: 5,
      columns: file.columns,
      suggestedMapping: file.suggestedMapping,
      mapping: null,
      layout: file.layout,
      // The job that read it.
      jobID: expect.any(Number),
      progress: null,
    });

    const res = await preview(file.id, file.suggestedMapping);
    expect(res.status, res.raw).toBe(200);
    expect(res.body.valid).toBe(3);
    expect(res.body.invalid).toEqual([
      { row: 5, name: 'Cy Noname', field: 'name', message: requiredMessage(customers.field('name')!) },
      {
        row: 6,
        name: 'Lone Star Lawns',
        field: 'state',
        message: (checkField(customers.field('state')!, 'Texass') as { error: string }).error,
      },
    ]);
    expect(res.body.duplicates).toEqual([{ row: 7, name: 'ALPHA LAWNS', existingID: alpha.customerID, action: 'skip' }]);
    expect(await totals()).toEqual({ ...before, imports: before.imports + 1 });
    expect((await api.get(`/api/imports/${file.id}`)).body.mapping).toMatchObject(customerMapping());

    expect(await committed(file.id)).toEqual({ created: 2, updated: 0, skipped: 3 });
    const greenway = await customerNamed('Greenway HOA');
    expect(greenway).toMatchObject({ address1: '12 Elm St', address2: 'Suite 4', state: 'NJ', zip: '08540' });
    const [ann] = await db().select().from(tables.contacts).where(eq(tables.contacts.customerID, greenway.id));
    expect(ann).toMatchObject({
      firstName: 'Ann',
      lastName: 'Lee',
      phone: '(609) 555-0142',
      phoneExtension: '204',
      email: 'ann@greenway.org',
    });
    const [service] = await db().select().from(tables.sites).where(eq(tables.sites.customerID, greenway.id));
    expect(service).toMatchObject({ name: '40 Park Pl', address1: '40 Park Pl', state: 'NJ', zip: '08540', customerName: 'Greenway HOA' });
    const miller = await customerNamed('Miller, Bob');
    const [millerSite] = await db().select().from(tables.sites).where(eq(tables.sites.customerID, miller.id));
    expect(millerSite).toMatchObject({ address1: '5 Oak Ave', city: 'Philadelphia', zip: '19103' });
    const [bob] = await db().select().from(tables.contacts).where(eq(tables.contacts.customerID, miller.id));
    expect(bob).toMatchObject({ phone: '(215) 555-0100', phoneExtension: '7' });
    // Invalid rows are never written.
    expect(await customerNamed('Lone Star Lawns')).toBeUndefined();
    expect(await totals()).toEqual({
      ...before,
      customers: before.customers + 2,
      contacts: before.contacts + 2,
      sites: before.sites + 2,
      imports: before.imports + 1,
    });
    expect((await commit(file.id)).status).toBe(409);
    expect((await preview(file.id, file.suggestedMapping)).status).toBe(409);

    const history = await api.get('/api/imports');
    expect(history.body.imports[0]).toMatchObject({
      id: file.id,
      kind: 'customers',
      fileName: 'Customer List.csv',
      status: 'committed',
      created: 2,
      skipped: 3,
      userName: 'Terry Tester',
    });

    expect(await undone(file.id)).toEqual({ deleted: 6, restored: 0 });
    expect(await totals()).toEqual({ ...before, imports: before.imports + 1 });
    expect((await undo(file.id)).status).toBe(409);
    expect((await api.get('/api/imports')).body.imports[0].status).toBe('undone');
  });

  it("update mode writes the file's non-empty values and undo restores them; undo is refused once a record changed (409 naming it)", async () => {
    const file = await uploaded('customers', 'qb.csv', QUICKBOOKS);
    const res = await preview(file.id, file.suggestedMapping, 'update');
    expect(res.body.duplicates).toEqual([{ row: 7, name: 'ALPHA LAWNS', existingID: alpha.customerID, action: 'update' }]);
    const stored = (await api.get(`/api/customers/${alpha.customerID}`)).body;
    expect(await committed(file.id)).toEqual({ created: 2, updated: 1, skipped: 2 });
    const after = (await api.get(`/api/customers/${alpha.customerID}`)).body;
    // Name and address from the file; its type (not in the file) kept, and the same address.
    expect(after).toMatchObject({
      name: 'ALPHA LAWNS',
      address1: '1 Oak Avenue',
      type: stored.type,
      county: stored.county,
      version: stored.version + 1,
    });
    // '1 Oak Avenue' is the address of Alpha's site ('1 Oak Ave'): that site is updated, not a second one added.
    const alphaSites = await db().select().from(tables.sites).where(eq(tables.sites.customerID, alpha.customerID));
    expect(alphaSites).toHaveLength(1);

    const edited = await api.put(`/api/customers/${alpha.customerID}`, { ...after, county: 'Bucks' });
    expect(edited.status, edited.raw).toBe(200);
    // The undo's job is refused, naming the record; the import stays committed, saying why.
    const refused = await followJob(api, await undo(file.id));
    expect(refused.status).toBe('failed');
    expect(refused.error).toContain(`customer "ALPHA LAWNS" (#${alpha.customerID})`);
    expect(await statusOf(file.id)).toMatchObject({ status: 'committed', error: refused.error });
    expect(await customerNamed('Greenway HOA')).toBeDefined();

    await api.put(`/api/customers/${alpha.customerID}`, {
      ...(await api.get(`/api/customers/${alpha.customerID}`)).body,
      county: stored.county,
    });
    // Still refused: the version moved, whatever the values.
    expect((await followJob(api, await undo(file.id))).status).toBe('failed');
  });

  it('undo restores updated values when nothing changed since', async () => {
    const target = await makeCustomerWithSite(api, 'Undo Gardens');
    const file = await uploaded(
      'customers',
      'u.csv',
      csv(['Company,Street,City,State,Zip,City Notes', 'Undo Gardens,1 Oak Ave,Ewing,NJ,8618,x']),
    );
    await preview(file.id, file.suggestedMapping, 'update');
    expect(await committed(file.id)).toEqual({ created: 0, updated: 1, skipped: 0 });
    expect((await api.get(`/api/customers/${target.customerID}`)).body).toMatchObject({ city: 'Ewing', zip: '08618' });
    expect(await undone(file.id)).toEqual({ deleted: 0, restored: 2 });
    expect((await api.get(`/api/customers/${target.customerID}`)).body).toMatchObject({ city: 'Trenton', zip: '08608' });
  });

  it('contacts from an XLSX with Excel-stripped zips and numeric phones: missing customers created once, duplicates by email or phone', async () => {
    await api.post(`/api/customers/${alpha.customerID}/contacts`, {
      lastName: 'Known',
      email: 'known@alpha.test',
      phone: '(609) 555-0199',
    });
    const before = await totals();
    const content = await xlsx([
      ['Name', 'Company', 'E-mail', 'Phone Number', 'Street', 'City', 'State', 'Postal Code'],
      ['Dana Fox', 'Fox Farms', 'dana@fox.test', 6095550111, '7 Mill Rd', 'Hopewell', 'new jersey', 8525],
      ['Eli Fox', 'Fox Farms', 'eli@fox.test', '609-555-0112 x9', null, null, null, null],
      ['Kim Known', 'alpha lawns', 'KNOWN@alpha.test', null, null, null, null, null],
      ['Pat Phone', 'Alpha Lawns', null, 16095550199, null, null, null, null],
      ['Nobody', 'Ghost LLC', null, null, null, null, null, null],
      [null, null, null, null, null, null, null, null],
      ["=cmd|' /C calc'!A0", 'Alpha Lawns', null, null, null, null, null, null],
    ]);
    const file = await uploaded('contacts', 'contacts.xlsx', content);
    expect(file.rowCount).toBe(6);
    expect(file.suggestedMapping).toMatchObject({
      fullName: 'Name',
      customerName: 'Company',
      email: 'E-mail',
      phone: 'Phone Number',
      customerAddress1: 'Street',
      customerZip: 'Postal Code',
    });
    const res = await preview(file.id, file.suggestedMapping);
    expect(res.body.valid).toBe(5);
    expect(res.body.invalid).toEqual([
      { row: 6, name: 'Ghost LLC', field: 'customerAddress1', message: requiredMessage(customers.field('address1')!) },
      { row: 6, name: 'Ghost LLC', field: 'customerCity', message: requiredMessage(customers.field('city')!) },
      { row: 6, name: 'Ghost LLC', field: 'customerState', message: requiredMessage(customers.field('state')!) },
    ]);
    expect(res.body.duplicates.map((d: Row) => [d.row, d.action])).toEqual([
      [4, 'skip'],
      [5, 'skip'],
    ]);
    expect(await committed(file.id)).toEqual({ created: 3, updated: 0, skipped: 3 });
    const fox = await customerNamed('Fox Farms');
    expect(fox).toMatchObject({ address1: '7 Mill Rd', state: 'NJ', zip: '08525' });
    const foxes = await db().select().from(tables.contacts).where(eq(tables.contacts.customerID, fox.id));
    expect(foxes.map((c) => [c.firstName, c.lastName, c.phone, c.phoneExtension])).toEqual([
      ['Dana', 'Fox', '(609) 555-0111', null],
      ['Eli', 'Fox', '(609) 555-0112', '9'],
    ]);
    // The formula is kept as text, never evaluated.
    const [formula] = await db()
      .select()
      .from(tables.contacts)
      .where(sql`${tables.contacts.lastName} like '%calc%'`);
    expect(formula.lastName).toBe("calc'!A0");
    expect(formula.firstName).toBe("=cmd|' /C");
    expect(await totals()).toEqual({
      ...before,
      customers: before.customers + 1,
      contacts: before.contacts + 3,
      imports: before.imports + 1,
    });
  });

  it('a row that repeats an earlier row of the same file is a duplicate of that row: skipped, or created when asked', async () => {
    const text = csv([
      'Company,Street,City,State,Zip,Phone',
      'Twin Oaks HOA,5 Twin Oaks Rd,Trenton,NJ,08608,',
      'Solo Lawns,9 Solo St,Trenton,NJ,08608,',
      ' twin oaks hoa ,5 TWIN OAKS RD,Trenton,NJ,08608,',
    ]);
    for (const [mode, created] of [
      ['skip', 2],
      ['create', 3],
    ] as const) {
      const before = await totals();
      const file = await uploaded('customers', `twins-${mode}.csv`, text);
      const res = await preview(file.id, file.suggestedMapping, mode);
      expect(res.body, res.raw).toMatchObject({ valid: 3, invalid: [] });
      expect(res.body.duplicates).toEqual([{ row: 4, name: 'twin oaks hoa', existingID: null, sameAsRow: 2, action: mode }]);
      expect(await committed(file.id)).toEqual({ created, updated: 0, skipped: 3 - created });
      expect((await totals()).customers).toBe(before.customers + created);
      await undone(file.id);
    }
  });

  it('sites from a semicolon CSV in Windows-1252 with accents', async () => {
    const text = csv([
      'Customer Name;Site Name;Address;City;State;ZIP;Notes',
      'Alpha Lawns;Café Rosé;"12 Crème St; rear";Trenton;NJ;8608-1234;Gate code 12',
      'Nobody Inc;X;1 A St;Trenton;NJ;08608;',
    ]);
    const file = await uploaded('sites', 'sites.csv', Buffer.from(text, 'latin1'));
    const res = await preview(file.id, file.suggestedMapping);
    expect(res.body.valid).toBe(1);
    expect(res.body.invalid).toEqual([
      { row: 3, name: 'Nobody Inc', field: 'customerName', message: 'No customer is named "Nobody Inc".' },
    ]);
    expect(await committed(file.id)).toEqual({ created: 1, updated: 0, skipped: 1 });
    const [cafe] = await db().select().from(tables.sites).where(eq(tables.sites.name, 'Café Rosé'));
    expect(cafe).toMatchObject({ customerID: alpha.customerID, address1: '12 Crème St; rear', zip: '08608-1234', notes: 'Gate code 12' });
  });

  it('items from a tab-separated list: money cleaned, duplicates by name, messages of the item form', async () => {
    await api.post('/api/itemCatalog', { name: 'Hardwood Mulch', cost: 20, price: 40, units: 'yd' });
    const text = csv([
      'Item\tDescription\tUnits\tCost\tUnit Price\tKind',
      'hardwood  mulch\tDouble shred\tyd\t$28.00\t$65.00\tMaterial',
      'Crew hour\t\thr\t30\t"$1,234.50"\tlabour',
      'Broken\t\t\tabc\t10\t',
    ]);
    const file = await uploaded('items', 'items.txt', text);
    const res = await preview(file.id, { ...file.suggestedMapping }, 'update');
    expect(res.body.invalid).toEqual([{ row: 4, name: 'Broken', field: 'cost', message: invalidMessage(items.field('cost')!) }]);
    expect(res.body.duplicates).toHaveLength(1);
    expect(await committed(file.id)).toEqual({ created: 1, updated: 1, skipped: 1 });
    const [crew] = await db().select().from(tables.items).where(eq(tables.items.name, 'Crew hour'));
    expect(crew).toMatchObject({ price: 1234.5, kind: 'LABOR' });
    const [mulch] = await db().select().from(tables.items).where(eq(tables.items.name, 'hardwood  mulch'));
    expect(mulch).toMatchObject({ cost: 28, price: 65, description: 'Double shred' });
  });

  it('a failure during the commit writes nothing and leaves the import failed, saying so; it can be committed again', async () => {
    await db().execute(
      sql.raw(
        `CREATE OR REPLACE FUNCTION boom() RETURNS trigger AS $$ BEGIN IF NEW.contact_last_name = 'Boom' THEN RAISE EXCEPTION 'boom'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql`,
      ),
    );
    await db().execute(sql.raw('CREATE TRIGGER boom BEFORE INSERT ON contacts FOR EACH ROW EXECUTE FUNCTION boom()'));
    try {
      const lines = ['Company,Street,City,State,Zip,Last Name'];
      for (let i = 0; i < 30; i++) lines.push(`Boom Co ${i},${i} Main St,Trenton,NJ,08608,${i === 29 ? 'Boom' : 'Fine'}`);
      const file = await uploaded('customers', 'boom.csv', csv(lines));
      expect((await preview(file.id, file.suggestedMapping)).body.valid).toBe(30);
      const before = await totals();
      const indexOptions = await searchIndexOptions();
      const job = await followJob(api, await commit(file.id));
      expect(job).toMatchObject({ status: 'failed', error: importMessages.writeFailed });
      expect(await totals()).toEqual(before);
      expect(await searchIndexOptions()).toEqual(indexOptions);
      expect(await statusOf(file.id)).toMatchObject({ status: 'failed', error: importMessages.writeFailed });
      const history = (await api.get('/api/imports')).body.imports.find((entry: Row) => entry.id === file.id);
      expect(history).toMatchObject({ status: 'failed', error: importMessages.writeFailed, jobID: job.id, progress: null });
    } finally {
      await db().execute(sql.raw('DROP TRIGGER boom ON contacts'));
    }
    const file = (await api.get('/api/imports')).body.imports.find((entry: Row) => entry.fileName === 'boom.csv');
    expect(await committed(file.id)).toEqual({ created: 30, updated: 0, skipped: 0 });
    await undone(file.id);
  });

  it('an undo refused part way: on PostgreSQL nothing changed; on PGlite (steps) it says so, and the next undo finishes it', async () => {
    const lines = ['Company,Street,City,State,Zip,Last Name'];
    for (let i = 0; i < 500; i++) lines.push(`Undo Co ${i},${i} Main St,Trenton,NJ,08608,${i === 450 ? 'Stuck' : 'Undone'}`);
    const before = await totals();
    const file = await uploaded('customers', 'undo-steps.csv', csv(lines));
    await preview(file.id, file.suggestedMapping);
    expect(await committed(file.id)).toEqual({ created: 500, updated: 0, skipped: 0 });
    // The 451st contact cannot be deleted: on PGlite its step (the second of contacts) fails after the first.
    await db().execute(
      sql.raw(
        `CREATE OR REPLACE FUNCTION stuck() RETURNS trigger AS $$ BEGIN IF OLD.contact_last_name = 'Stuck' THEN RAISE EXCEPTION 'stuck'; END IF; RETURN OLD; END $$ LANGUAGE plpgsql`,
      ),
    );
    await db().execute(sql.raw('CREATE TRIGGER stuck BEFORE DELETE ON contacts FOR EACH ROW EXECUTE FUNCTION stuck()'));
    let refused;
    try {
      refused = await followJob(api, await undo(file.id));
    } finally {
      await db().execute(sql.raw('DROP TRIGGER stuck ON contacts'));
    }
    const inSteps = kind === 'pglite';
    expect(refused).toMatchObject({
      status: 'failed',
      error: inSteps ? importMessages.undoStoppedPartWay : importMessages.undoFailed,
    });
    const stored = await statusOf(file.id);
    expect(stored).toMatchObject({ status: 'committed', error: refused.error, undoStepsDone: inSteps ? 1 : null });
    expect((await totals()).contacts).toBe(before.contacts + (inSteps ? 100 : 500));
    // Undone again: on PGlite it goes on from the step that failed, with its progress in records.
    const again = await followJob(api, await undo(file.id));
    expect(again).toMatchObject({ status: 'done', result: { deleted: 1_500, restored: 0 } });
    if (inSteps) expect(again.progress).toEqual({ done: 1_500, total: 1_500, phase: importMessages.undoingPhase });
    expect(await totals()).toEqual({ ...before, imports: before.imports + 1 });
    expect(await statusOf(file.id)).toMatchObject({ status: 'undone', error: null });
  });

  it('a commit stopped part way keeps nothing, goes back to pending saying so, and commits when asked again', async () => {
    const lines = ['Company,Street,City,State,Zip,Last Name'];
    for (let i = 0; i < 3_000; i++) lines.push(`Stop Co ${i},${i} Main St,Trenton,NJ,08608,Stopper${i}`);
    const file = await uploaded('customers', 'stop.csv', csv(lines));
    expect((await preview(file.id, file.suggestedMapping)).body.valid).toBe(3_000);
    const before = await totals();
    const queued = await commit(file.id);
    expect(queued.status, queued.raw).toBe(202);
    // Once it has written something (its first step), stop it.
    for (let seen = 0; seen === 0;) {
      const view = (await api.get(`/api/jobs/${queued.body.jobID}`)).body;
      expect(view.status).not.toBe('done');
      seen = view.progress.done ?? 0;
      if (!seen) await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const asked = await api.post(`/api/jobs/${queued.body.jobID}/cancel`, {});
    expect(asked.status, asked.raw).toBe(200);
    const stopped = await followJob(api, queued);
    expect(stopped.status).toBe('cancelled');
    expect(await totals()).toEqual(before);
    expect(await statusOf(file.id)).toMatchObject({ status: 'pending', error: importMessages.cancelled });
    expect(await committed(file.id)).toEqual({ created: 3_000, updated: 0, skipped: 0 });
    await undone(file.id);
    expect(await totals()).toEqual(before);
  }, 120_000);

  it('a commit cancelled while it waits never starts: the import is pending again, saying so', async () => {
    // A server whose job runner is stopped: the commit stays queued.
    const idle = await createTestApi(kind, { jobs: { run: false } });
    try {
      const up = await idle.post('/api/imports', { kind: 'customers', fileName: 'wait.csv', content: b64(csv(['Company', 'Wait Co'])) });
      expect((await idle.get(`/api/imports/${up.body.id}`)).body).toMatchObject({ status: 'reading', jobID: up.body.jobID, columns: [] });
      // Until the file is read, it cannot be mapped, committed or discarded.
      expect((await idle.put(`/api/imports/${up.body.id}/mapping`, { mapping: {} })).body).toEqual({
        message: importMessages.busy('reading'),
      });
      expect((await idle.del(`/api/imports/${up.body.id}`)).status).toBe(409);
      expect(await idle.app.jobs.runPending()).toBe(1);
      const read = (await idle.get(`/api/jobs/${up.body.jobID}`)).body.result;
      await idle.put(`/api/imports/${up.body.id}/mapping`, { mapping: read.suggestedMapping });
      const queued = await idle.post(`/api/imports/${up.body.id}/commit`, {});
      expect(queued.status, queued.raw).toBe(202);
      expect((await idle.get('/api/imports')).body.imports[0]).toMatchObject({ status: 'committing', jobID: queued.body.jobID });
      const stopped = await idle.post(`/api/jobs/${queued.body.jobID}/cancel`, {});
      expect(stopped.body).toMatchObject({ status: 'cancelled' });
      expect((await idle.get('/api/imports')).body.imports[0]).toMatchObject({ status: 'pending', error: importMessages.cancelled });
      expect(await idle.app.jobs.runPending()).toBe(0);
      expect((await idle.get('/api/customers?searchTerm=wait%20co')).body).toMatchObject({ count: 0 });
    } finally {
      await idle.close();
    }
  });

  it('10,000 customers with contacts and sites in one import', async () => {
    const lines = [
      'Customer Name,Address Line 1,City,State,ZIP,Contact Name,Phone,Email,Service Address,Service City,Service State,Service Zip',
    ];
    for (let i = 0; i < 10_000; i++)
      lines.push(
        `Bulk ${i},${i} Elm St,Trenton,NJ,${8600 + (i % 50)},Pat Bulk${i},609555${String(i % 10000).padStart(4, '0')},b${i}@bulk.test,${i} Site Rd,Ewing,NJ,8618`,
      );
    const before = await totals();
    const indexOptions = await searchIndexOptions();
    expect(indexOptions.filter((index) => index.options?.includes('fastupdate=false')).length).toBeGreaterThan(3);
    const file = await uploaded('customers', 'bulk.csv', csv(lines));
    expect(file.rowCount).toBe(10_000);
    const res = await preview(file.id, file.suggestedMapping);
    expect(res.body).toMatchObject({ valid: 10_000, invalid: [], duplicates: [] });
    expect(await committed(file.id)).toEqual({ created: 10_000, updated: 0, skipped: 0 });
    expect(await totals()).toEqual({
      ...before,
      customers: before.customers + 10_000,
      contacts: before.contacts + 10_000,
      sites: before.sites + 10_000,
      imports: before.imports + 1,
    });
    // The search indexes took every new row and are back as they were.
    expect(await searchIndexOptions()).toEqual(indexOptions);
    expect((await api.get('/api/customers?searchTerm=bulk%209876')).body).toMatchObject({ count: 1 });
    expect((await api.get('/api/sites?searchTerm=9876%20site%20rd')).body).toMatchObject({ count: 1 });
    expect(await undone(file.id)).toEqual({ deleted: 30_000, restored: 0 });
    expect(await totals()).toEqual({ ...before, imports: before.imports + 1 });
  }, 120_000);

  describe('hostile files and requests: 400 (413 beyond the body limit), never 5xx, nothing written', () => {
    const refused = async (body: Row, status = 400, field?: string) => {
      const before = await totals();
      const res = await upload(body);
      expect(res.status, res.raw).toBe(status);
      expect(typeof res.body.message).toBe('string');
      if (field) expect(Object.keys(res.body.errors ?? {})).toEqual([field]);
      expect(await totals()).toEqual(before);
      // A field's message when the body was refused (the form's "Form is invalid." otherwise).
      return (Object.values(res.body.errors ?? {})[0] ?? res.body.message) as string;
    };
    /** A file stored and then refused by its reading job: the job fails, the import is `refused` saying why, and nothing of the file is kept. */
    const refusedOnReading = async (body: Row) => {
      const before = await totals();
      const queued = await upload(body);
      const job = await followJob(api, queued);
      expect(job.status).toBe('failed');
      const stored = await statusOf(queued.body.id);
      expect(stored).toMatchObject({ status: 'refused', error: job.error, rows: [], rowCount: 0 });
      expect(await n(importFileParts)).toBe(0);
      const detail = (await api.get(`/api/imports/${queued.body.id}`)).body;
      expect(detail).toMatchObject({ status: 'refused', error: job.error, columns: [], progress: null });
      expect(await totals()).toEqual({ ...before, imports: before.imports + 1 });
      // An admin's retry of its job refuses it again with the same reason: the file is gone.
      expect((await api.post(`/api/jobs/${queued.body.jobID}/retry`, {})).status).toBe(200);
      expect(await followJob(api, { ...queued, status: 202 })).toMatchObject({ status: 'failed', error: job.error });
      // A refused import commits nothing, and is discarded when asked.
      expect((await commit(queued.body.id)).status).toBe(409);
      expect(await undone(queued.body.id)).toEqual({ deleted: 0, restored: 0 });
      expect(await totals()).toEqual(before);
      return job.error!;
    };
    it('binary, bad base64, empty, unknown kind, no file name', async () => {
      const binary = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256));
      expect(await refusedOnReading({ kind: 'customers', fileName: 'a.csv', content: b64(binary) })).toBe(
        'The file is not a CSV or XLSX file.',
      );
      expect(
        await refusedOnReading({ kind: 'customers', fileName: 'a.xlsx', content: b64(Buffer.concat([Buffer.from('PK\x03\x04'), binary])) }),
      ).toBe('The file is not a readable XLSX workbook.');
      expect(await refused({ kind: 'customers', fileName: 'a.csv', content: '%%%not base64%%%' }, 400, 'content')).toBe(
        'The file content is not valid base64.',
      );
      await refused({ kind: 'customers', fileName: 'a.csv', content: '' }, 400, 'content');
      await refused({ kind: 'estimates', fileName: 'a.csv', content: b64('a\n1') }, 400, 'kind');
      await refused({ kind: 'customers', fileName: '', content: b64('a\n1') }, 400, 'fileName');
      await refused({ kind: 'customers', fileName: 'a.csv', content: 12 }, 400, 'content');
      const notObject = await api.post('/api/imports', [1, 2]);
      expect(notObject.status).toBe(400);
    });
    it('20 MB is refused at the body limit, 10.1 MB by the file limit', async () => {
      const huge = await upload({ kind: 'customers', fileName: 'big.csv', content: 'A'.repeat(20 * 1024 * 1024 * 1.34) });
      expect([400, 413]).toContain(huge.status);
      expect(huge.body.message).toBeTruthy();
      expect(await refused({ kind: 'customers', fileName: 'big.csv', content: b64(Buffer.alloc(10.1 * 1024 * 1024, 'a')) })).toBe(
        'The file is larger than 10 MB.',
      );
    });
    it('60,000 rows', async () => {
      const lines = ['Name,City'];
      for (let i = 0; i < 60_000; i++) lines.push(`N${i},C`);
      expect(await refusedOnReading({ kind: 'customers', fileName: 'rows.csv', content: b64(csv(lines)) })).toBe(
        'The file has more than 50,000 rows.',
      );
    }, 60_000);
    it("is read on the heavy-work pool under the uploader's share: a fourth job at once waits for its share, then is read", async () => {
      const [me] = await api.database.db.select({ id: users.id }).from(users).where(eq(users.username, 'tester'));
      const spec = { format: 'csv' as const, columns: [{ source: 'name', label: 'Name' }], sheetName: 'X' };
      const held = await Promise.all(Array.from({ length: 3 }, () => api.app.heavyWork.exportEncoder(userOwner(me), spec)));
      const reads = vi.spyOn(api.app.heavyWork, 'run');
      let queued;
      try {
        queued = await upload({ kind: 'customers', fileName: 'a.csv', content: b64('Name\nAcme\n') });
        expect(queued.status, queued.raw).toBe(202);
        await api.app.jobs.runPending();
        expect(reads).toHaveBeenCalledTimes(1);
        expect(reads.mock.calls[0][1]).toBe(readImportFileTask);
        expect((await api.get(`/api/jobs/${queued.body.jobID}`)).body).toMatchObject({ status: 'queued', error: TOO_MUCH_HEAVY_WORK });
        expect((await statusOf(queued.body.id)).status).toBe('reading');
      } finally {
        for (const encoder of held) await encoder.abort();
        reads.mockRestore();
      }
      // Its next try, by the app's clock, reads it.
      api.clock.now += jobRetryDelayMs(1);
      await api.app.jobs.runPending();
      expect(await jobResult(api, queued)).toMatchObject({ id: queued.body.id, columns: ['Name'], rowCount: 1 });
      expect((await statusOf(queued.body.id)).status).toBe('pending');
    });
    it('a file of several stored parts is read whole; one whose upload did not finish is refused saying so', async () => {
      // About 2.2 parts of base64: three parts, the last one short.
      const lines = ['Company,Street,City,State,Zip'];
      const street = 'Main Street, Building of the Regional Landscape Supply Yard';
      for (let i = 0, size = 0; size < (2.2 * IMPORT_FILE_PART_CHARS * 3) / 4; i++) {
        lines.push(`Parts Co ${i},"${i} ${street}",Trenton,NJ,08608`);
        size += lines[lines.length - 1].length + 2;
      }
      const many = await uploaded('customers', 'parts.csv', csv(lines));
      expect(many.rowCount).toBe(lines.length - 1);
      expect(await n(importFileParts)).toBe(0);
      expect(await undone(many.id)).toEqual({ deleted: 0, restored: 0 });

      // A server that stopped between two parts: the job, due after its grace, finds a part missing.
      const idle = await createTestApi(kind, { jobs: { run: false } });
      try {
        const queued = await idle.post('/api/imports', { kind: 'customers', fileName: 'cut.csv', content: b64(csv(lines)) });
        expect(queued.status, queued.raw).toBe(202);
        await idle.database.db.delete(importFileParts).where(eq(importFileParts.partNo, 1));
        expect(await idle.app.jobs.runPending()).toBe(1);
        expect((await idle.get(`/api/jobs/${queued.body.jobID}`)).body).toMatchObject({
          status: 'failed',
          error: importMessages.uploadUnfinished,
        });
        expect((await idle.get(`/api/imports/${queued.body.id}`)).body).toMatchObject({
          status: 'refused',
          error: importMessages.uploadUnfinished,
        });
        expect((await idle.database.db.select({ n: count() }).from(importFileParts))[0].n).toBe(0);
      } finally {
        await idle.close();
      }
    });
    it(`a user has at most ${IMPORT_READS_PER_USER} files waiting to be read: the next is a 429, nothing stored`, async () => {
      const idle = await createTestApi(kind, { jobs: { run: false } });
      try {
        const file = { kind: 'customers', fileName: 'w.csv', content: b64('Name\nAcme\n') };
        const stored = async () => (await idle.database.db.select({ n: count() }).from(imports))[0].n;
        for (let i = 0; i < IMPORT_READS_PER_USER; i++) expect((await idle.post('/api/imports', file)).status).toBe(202);
        const refusedUpload = await idle.post('/api/imports', file);
        expect(refusedUpload.status).toBe(429);
        expect(refusedUpload.body).toEqual({ message: importMessages.tooManyReading });
        expect(await stored()).toBe(IMPORT_READS_PER_USER);
        expect(await idle.app.jobs.runPending()).toBe(IMPORT_READS_PER_USER);
        expect((await idle.post('/api/imports', file)).status).toBe(202);
        expect(await idle.app.jobs.runPending()).toBe(1);
      } finally {
        await idle.close();
      }
    });
    it('unclosed and deep quoting, and __proto__ headers', async () => {
      await refusedOnReading({ kind: 'customers', fileName: 'q.csv', content: b64('Name,City\n"Open,Trenton\nB,C') });
      const deep = `Name,City\n"${'""'.repeat(50_000)}",Trenton\n`;
      const file = await uploaded('customers', 'deep.csv', deep);
      expect(file.rowCount).toBe(1);
      const proto = await uploaded('customers', 'proto.csv', csv(['__proto__,constructor,Name,Name', '{"a":1},x,Acme,Again']));
      expect(proto.columns).toEqual(['__proto__', 'constructor', 'Name', 'Name (2)']);
      expect(({} as Row).a).toBeUndefined();
      const res = await preview(proto.id, { name: '__proto__' });
      expect(res.status).toBe(200);
      expect(res.body.invalid.map((e: Row) => e.field)).toEqual(['address1', 'city', 'state']);
    });
    it('a mapping naming an unknown column or field, a bad duplicates mode, an unknown import', async () => {
      const file = await uploaded('customers', 'm.csv', csv(['Name,City', 'A,B']));
      const bad = async (body: Row, field: string) => {
        const res = await api.put(`/api/imports/${file.id}/mapping`, body);
        expect(res.status, res.raw).toBe(400);
        expect(Object.keys(res.body.errors)).toEqual([field]);
        return res.body.message;
      };
      expect(await bad({ mapping: { name: 'Company' } }, 'mapping')).toBe('The mapping names a column the file does not have: "Company".');
      expect(await bad({ mapping: { shoeSize: 'Name' } }, 'mapping')).toBe(
        'The mapping names a field that customers do not have: "shoeSize".',
      );
      await bad({ mapping: { name: 3 } }, 'mapping');
      await bad({ mapping: ['Name'] }, 'mapping');
      await bad({ mapping: { name: 'Name' }, duplicates: 'merge' }, 'duplicates');
      expect((await commit(file.id)).status).toBe(400);
      expect((await api.put('/api/imports/999999/mapping', { mapping: {} })).status).toBe(404);
      expect((await commit(999999)).status).toBe(404);
      expect((await undo(999999)).status).toBe(404);
      expect((await api.get('/api/imports/999999')).status).toBe(404);
      // One not committed is discarded.
      expect(await undone(file.id)).toEqual({ deleted: 0, restored: 0 });
      expect(await statusOf(file.id)).toBeUndefined();
    });
  });

  it("every target an import maps is a field of its record's declaration", () => {
    for (const targets of Object.values(IMPORT_TARGETS)) {
      for (const target of targets) if (target.field) expect(ENTITY_OF[target.record].field(target.field), target.key).toBeDefined();
    }
    expect(ENTITY_OF.contact).toBe(contacts);
    expect(ENTITY_OF.site).toBe(sites);
  });
});
