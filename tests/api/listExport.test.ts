import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { xlsxRows } from '../helpers/exportFiles';
import Papa from 'papaparse';
import { entityByName } from '../../src/schema';
import { exportColumns } from '../../src/schema/listExport';
import { officeDate } from '../../src/domain/officeDate';
import { shownValue } from '../../src/domain/valueFormats';
import { parseListParams } from '../../server/crud/listParams';
import { exportPages } from '../../server/crud/listExport';
import { spreadsheetText } from '../../src/domain/spreadsheetText';
import { createTestApi, type TestApi } from '../helpers/testApi';
import { databaseKinds } from '../helpers/testDatabase';
import { makeCustomerWithSite, makeEstimate } from '../helpers/estimateFixtures';

type Row = Record<string, any>;

/** Each list, a request of its own (search, filter, sort) and the response key. */
const lists: { entity: string; query: string }[] = [
  { entity: 'customers', query: 'searchTerm=a&sortBy=customer_city&sortDirection=DESC&filter:customer_type=1' },
  { entity: 'sites', query: 'searchTerm=hq&sortBy=site_name&sortDirection=ASC' },
  { entity: 'estimates', query: 'sortBy=estimate_created_at&sortDirection=ASC&filter:estimate_status=[0,1]' },
  { entity: 'itemCatalog', query: 'searchTerm=mulch&sortBy=item_price&sortDirection=DESC' },
  { entity: 'termsConditions', query: 'sortBy=tc_order&filter:tc_is_auto=1' },
  { entity: 'services', query: 'sortBy=service_startDate&sortDirection=DESC' },
];

const hostile = ['=HYPERLINK("http://evil.example","x")', '+1+2', '-3+4', '@SUM(A1)'];

describe.each(databaseKinds())('list exports on %s', (kind) => {
  let api: TestApi;

  const exportOf = async (route: string, query: string) => {
    const res = await api.app.inject({
      method: 'GET',
      url: `/api/${route}/export?${query}`,
      headers: { authorization: `Bearer ${api.token}` },
    });
    return res;
  };
  const csvRows = (payload: Buffer) => {
    const text = payload.toString('utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    return Papa.parse<string[]>(text.slice(1).trimEnd(), { newline: '\r\n' }).data;
  };

  beforeAll(async () => {
    api = await createTestApi(kind);
    for (const [i, name] of ['Acme Lawns', 'Birch & Co', ...hostile, 'Zed Gardens'].entries()) {
      const { siteID } = await makeCustomerWithSite(api, name);
      await api.put(`/api/customers/${(await api.get(`/api/sites/${siteID}`)).body.customerID}`, {
        ...(await api.get(`/api/customers/${(await api.get(`/api/sites/${siteID}`)).body.customerID}`)).body,
        city: ['Trenton', 'Camden', 'Ewing', 'Newark'][i % 4],
      });
      await makeEstimate(api, siteID, `Project ${name}`);
    }
    for (const [i, name] of ['Mulch, brown', 'Mulch "black"', '=Mulch()', 'Stone'].entries()) {
      expect(
        (await api.post('/api/itemCatalog', { name, description: 'bulk mulch', units: 'yd', cost: 10 + i, price: 20 + i })).status,
      ).toBe(201);
    }
    for (const [i, name] of ['Payment', '-Warranty', 'Access'].entries()) {
      expect((await api.post('/api/termsConditions', { name, content: '<p>x</p>', isAuto: i % 2 ? 0 : 1 })).status).toBe(201);
    }
    for (const [i, name] of ['Mowing', '@Snow', 'Leaf cleanup'].entries()) {
      const startDate = new Date(Date.UTC(2026, i, 1)).toISOString();
      expect((await api.post('/api/services', { name, description: '<p>d</p>', startDate, isRecurring: i === 0 })).status).toBe(201);
    }
  });
  afterAll(() => api?.close());

  it.each(lists)('$entity: the CSV holds every row the list selects, in its order, with ids', async ({ entity: name, query }) => {
    const entity = entityByName(name);
    const list = await api.get(`/api/${entity.route}?${query}`);
    expect(list.status, list.raw).toBe(200);
    const rows: Row[] = list.body[entity.listKey];
    expect(rows.length).toBeGreaterThan(0);
    const res = await exportOf(entity.route, `format=csv&limit=1&offset=1&${query}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toContain(`${entity.route}-${officeDate(new Date())}.csv`);
    const [header, ...data] = csvRows(res.rawPayload);
    const columns = exportColumns(entity);
    expect(header).toEqual(columns.map((c) => c.label));
    expect(header[0]).toBe('ID');
    expect(data.map((line) => Number(line[0]))).toEqual(rows.map((r) => r.id));
    const nameAt = columns.findIndex((c) => c.source === (name === 'estimates' ? 'projectName' : 'name'));
    for (const [i, line] of data.entries()) {
      const shown = String(rows[i][columns[nameAt].source]);
      expect(line[nameAt]).toBe(/^[=+\-@]/.test(shown) ? `'${shown}` : shown);
    }
  });

  it.each(lists)("$entity: every cell of the CSV is the list's own value (dates as the office day)", async ({ entity: name, query }) => {
    const entity = entityByName(name);
    const rows: Row[] = (await api.get(`/api/${entity.route}?${query}`)).body[entity.listKey];
    const [, ...data] = csvRows((await exportOf(entity.route, `format=csv&${query}`)).rawPayload);
    // The list's own columns, read as its screen reads them (a choice's label, a named format);
    // the export-only ones (an estimate's Site, Taxes, Total) are tests/api/estimatesExport.test.ts's.
    const listed = exportColumns(entity)
      .map((column, index) => ({ column, index }))
      .filter(({ column }) => column.source in rows[0]);
    const expected = rows.map((row) =>
      listed.map(({ column }) => {
        const value = shownValue({ ...column, name: column.source }, row);
        if (value === null || value === undefined) return '';
        return column.date ? officeDate(new Date(value as string)) : spreadsheetText(value, 'csv');
      }),
    );
    expect(data.map((line) => listed.map(({ index }) => line[index]))).toEqual(expected);
    if (name === 'estimates') expect(data[0][1]).toMatch(/^#\d+-R1$/);
  });

  it.each(lists)('$entity: the XLSX holds the same rows, text as typed strings', async ({ entity: name, query }) => {
    const entity = entityByName(name);
    const rows: Row[] = (await api.get(`/api/${entity.route}?${query}`)).body[entity.listKey];
    const res = await exportOf(entity.route, `format=xlsx&${query}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toContain(`.xlsx`);
    const [header, ...data] = await xlsxRows(res.rawPayload);
    expect(header).toEqual(exportColumns(entity).map((c) => c.label));
    expect(data.map((line) => line[0])).toEqual(rows.map((r) => r.id));
    for (const line of data) for (const cell of line) expect(typeof cell === 'object' && cell !== null && 'formula' in cell).toBe(false);
  });

  it.each([
    ['customers', 'sortBy=customer_address_2&sortDirection=ASC'],
    ['customers', 'sortBy=customer_address_2&sortDirection=DESC'],
    ['customers', 'sortBy=customer_city&sortDirection=DESC&searchTerm=o'],
    ['estimates', 'sortBy=estimate_created_at&sortDirection=DESC'],
    ['estimates', 'sortBy=estimate_subtotal'],
    ['itemCatalog', 'sortBy=item_price&sortDirection=DESC'],
    ['services', 'sortBy=service_endDate&sortDirection=ASC'],
  ])('%s %s: pages of 2 read by keyset give the list in its order, each row once', async (name, query) => {
    const entity = entityByName(name);
    const listed: Row[] = (await api.get(`/api/${entity.route}?${query}`)).body[entity.listKey];
    const params = parseListParams(entity, Object.fromEntries(new URLSearchParams(query)));
    const read: number[] = [];
    for await (const page of exportPages(api.database.db, entity, params, { pageSize: 2 }))
      read.push(...(JSON.parse(page) as number[][]).map((row) => row[0]));
    expect(read).toEqual(listed.map((r) => r.id));
  });

  it('the formula guard: every leading =, +, - and @ is neutralised in CSV and kept as text in XLSX', async () => {
    const csv = csvRows((await exportOf('customers', 'format=csv&sortBy=customer_name')).rawPayload);
    const names = csv.slice(1).map((line) => line[1]);
    for (const text of hostile) expect(names).toContain(`'${text}`);
    const xlsx = await xlsxRows((await exportOf('customers', 'format=xlsx')).rawPayload);
    const cells = xlsx.slice(1).map((line) => line[1]);
    for (const text of hostile) expect(cells).toContain(text);
  });

  it('an estimate exports its Date as the office day and its money as a number', async () => {
    const xlsx = await xlsxRows((await exportOf('estimates', 'format=xlsx')).rawPayload);
    const header = xlsx[0] as string[];
    expect(header.slice(0, 3)).toEqual(['ID', 'Number', 'Date']);
    expect(xlsx[1][2]).toBe(officeDate(new Date()));
    expect(typeof xlsx[1][header.indexOf('Subtotal')]).toBe('number');
  });

  it.each([
    'format=pdf',
    'format=csv&format=xlsx',
    'sortBy=nope',
    'sortDirection=sideways',
    'filter:nope=1',
    'filter:customer_type=%7B',
    'limit=abc',
    'searchTerm=%00',
    'filter:customer_type=' + encodeURIComponent(JSON.stringify(Array(600).fill(1))),
  ])('hostile parameters %s → 400 with a message', async (query) => {
    const res = await exportOf('customers', query);
    expect(res.statusCode, res.body).toBe(400);
    expect(JSON.parse(res.body).message).toEqual(expect.any(String));
  });

  it('needs a signed-in user', async () => {
    expect((await api.request('GET', '/api/customers/export', undefined, null)).status).toBe(401);
  });
});
