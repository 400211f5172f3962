import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts, customers, services, sites, type Entity } from '../../src/schema';
import { operationsColumns, SERVICES_FILTER, type OperationsColumn } from '../../src/schema/operations';
import { CONTACT_FIELDS, contactsCsvHeader, UTF8_BOM } from '../../server/documents/contactsCsv';
import { OPERATIONS_SHEET } from '../../server/documents/operationsWorkbook';
import { FORMULA_TRIGGERS } from '../../src/domain/spreadsheetText';
import { createTestApi, type TestApi } from '../helpers/testApi';
import { databaseKinds } from '../helpers/testDatabase';

type Body = Record<string, unknown>;
const plainAddress = { address1: '1 Main St', city: 'Trenton', state: 'NJ', zip: '08601' };

/** Text of a formula with the trigger in front, cut to what the field holds. */
const formulaText = (trigger: string, max = 150) => `${trigger}SUM(1+1)*cmd|' /C calc'!A0`.slice(0, Math.max(2, max));

/** The entity field an operations column shows (its `source`: customerName → customers.name). */
function fieldOfColumn(column: OperationsColumn): { entity: Entity; field: string } {
  if (column.source === SERVICES_FILTER) return { entity: services, field: 'name' };
  const [, owner, rest] = /^(customer|site)(.+)$/.exec(column.source)!;
  return { entity: owner === 'customer' ? customers : sites, field: rest.charAt(0).toLowerCase() + rest.slice(1) };
}

/**
 * Every formula trigger at the start of every exported column (issue 12, "Exports"): the
 * columns come from the export declarations (contactsCsvHeader, operationsColumns). A value
 * the forms refuse (a state is a choice) is safe at the door; every stored one must come out
 * neutralised: a leading `'` in the CSV, a typed text cell (never a formula) in the XLSX.
 */
describe.each(databaseKinds())('formula triggers in the exports, on %s', (kind) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi(kind);
  });
  afterAll(() => api?.close());

  /** Posts the body; fields refused with a field error are put back to their plain value and noted. */
  async function store(url: string, body: Body, plain: Body, refused: Set<string>): Promise<number> {
    let res = await api.post(url, body);
    if (res.status === 400 && res.body.errors) {
      for (const field of Object.keys(res.body.errors)) refused.add(field);
      res = await api.post(url, { ...body, ...Object.fromEntries(Object.keys(res.body.errors).map((f) => [f, plain[f]])) });
    }
    expect(res.status, res.raw).toBe(201);
    return res.body.id;
  }

  it('the contacts CSV puts a quote before every trigger in every column', async () => {
    const header = contactsCsvHeader();
    const exported = [{ entity: customers, field: 'name' }, ...CONTACT_FIELDS.map((field) => ({ entity: contacts, field }))];
    expect(exported).toHaveLength(header.length);
    const stored: { trigger: string; values: (string | null)[] }[] = [];
    const refused = new Set<string>();
    for (const trigger of FORMULA_TRIGGERS) {
      const name = `${formulaText(trigger)} ${JSON.stringify(trigger)}`;
      const customerID = await store('/api/customers', { name, ...plainAddress }, {}, refused);
      const body: Body = {};
      for (const field of CONTACT_FIELDS) body[field] = formulaText(trigger, contacts.field(field)!.max);
      const refusedHere = new Set<string>();
      await store(
        `/api/customers/${customerID}/contacts`,
        body,
        { lastName: 'Plain', firstName: '', phone: '', phoneExtension: '', email: '' },
        refusedHere,
      );
      for (const f of refusedHere) refused.add(`${trigger}:${f}`);
      stored.push({ trigger, values: [name, ...CONTACT_FIELDS.map((f) => (refusedHere.has(f) ? null : (body[f] as string)))] });
    }
    const csv = (await api.get('/api/contacts/download')).raw;
    const lines = Papa.parse<string[]>(csv.replace(UTF8_BOM, ''), { skipEmptyLines: true }).data;
    expect(lines[0]).toEqual(header);
    let neutralised = 0;
    for (const { trigger, values } of stored) {
      const line = lines.find((l) => l[0] === `'${values[0]}`);
      expect(line, `the contact of the ${JSON.stringify(trigger)} customer`).toBeDefined();
      values.forEach((value, column) => {
        if (value === null) return;
        expect(line![column], `${header[column]} ${JSON.stringify(trigger)}`).toBe(`'${value}`);
        neutralised += 1;
      });
    }
    for (const line of lines)
      for (const cell of line)
        expect(
          FORMULA_TRIGGERS.some((t) => cell.startsWith(t)),
          cell,
        ).toBe(false);
    // Every column carried every trigger through, except what validation refuses at the door.
    expect(neutralised + [...refused].filter((r) => r.includes(':')).length).toBe(FORMULA_TRIGGERS.length * header.length);
    expect(neutralised).toBeGreaterThanOrEqual(FORMULA_TRIGGERS.length * 3);
  });

  it('the operations XLSX writes every trigger in every column as typed text, never a formula', async () => {
    const stored: Map<string, string> = new Map();
    let refusedCount = 0;
    for (const trigger of FORMULA_TRIGGERS) {
      const bodies = { customers: {} as Body, sites: {} as Body, services: {} as Body };
      for (const column of operationsColumns) {
        const { entity, field } = fieldOfColumn(column);
        bodies[entity.name as keyof typeof bodies][field] = formulaText(trigger, entity.field(field)!.max);
      }
      const refused = new Set<string>();
      const customerID = await store(
        '/api/customers',
        { ...plainAddress, ...bodies.customers },
        { ...plainAddress, name: 'Plain' },
        refused,
      );
      const siteID = await store(
        `/api/customers/${customerID}/sites`,
        { ...plainAddress, ...bodies.sites },
        { ...plainAddress, name: 'Plain' },
        refused,
      );
      const serviceID = await store('/api/services', { startDate: '2026-01-01T00:00:00Z', ...bodies.services }, { name: 'Plain' }, refused);
      expect((await api.post(`/api/sites/${siteID}/services`, { serviceID })).status).toBe(201);
      for (const column of operationsColumns) {
        const { entity, field } = fieldOfColumn(column);
        const value = bodies[entity.name as keyof typeof bodies][field] as string;
        if (refused.has(field)) refusedCount += 1;
        else stored.set(`${trigger}|${column.source}|${siteID}`, value);
      }
    }
    const res = await api.app.inject({ method: 'GET', url: '/api/operations/download', headers: { authorization: `Bearer ${api.token}` } });
    expect(res.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet(OPERATIONS_SHEET)!;
    const cells: ExcelJS.Cell[] = [];
    sheet.eachRow((row, index) => {
      if (index > 1) row.eachCell((cell) => cells.push(cell));
    });
    for (const cell of cells) expect(cell.type, `${cell.address} ${String(cell.value)}`).not.toBe(ExcelJS.ValueType.Formula);
    // XML reads a carriage return back as a line feed: the text is the same line break.
    const xmlText = (text: string) => text.replace(/\r\n?/g, '\n');
    const texts = new Set(cells.filter((c) => c.type === ExcelJS.ValueType.String).map((c) => xmlText(c.value as string)));
    for (const [key, value] of stored) expect(texts.has(xmlText(value)), `${key} as the text ${JSON.stringify(value)}`).toBe(true);
    expect(stored.size + refusedCount).toBe(FORMULA_TRIGGERS.length * operationsColumns.length);
    expect(stored.size).toBeGreaterThanOrEqual(FORMULA_TRIGGERS.length * 4);
  });
});
