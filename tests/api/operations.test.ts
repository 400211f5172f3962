import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { operationsColumns, type OperationRow } from '../../src/schema/operations';
import { OPERATIONS_SHEET } from '../../server/documents/operationsWorkbook';
import { startsLikeFormula } from '../../src/domain/spreadsheetText';
import { createTestApi, type TestApi } from '../helpers/testApi';
import { databaseKinds } from '../helpers/testDatabase';

const service = (name: string) => ({ name, startDate: '2025-04-01T04:00:00.000Z', endDate: null, isRecurring: false });
const address = (address1: string, city: string, state: string, zip: string | null) => ({ address1, city, state, zip });

/** Customers with their sites and the services assigned to each site (by service name). */
const company = [
  {
    name: 'Acme Landscaping',
    ...address('1 Main St', 'Trenton', 'NJ', '08601'),
    sites: [
      { name: 'Acme HQ', ...address('10 Main St', 'Trenton', 'NJ', '08601'), services: ['Weekly Mowing', 'Snow Plowing'] },
      { name: 'Acme Warehouse', ...address('5 Oak Ave', 'Camden', 'NJ', '08102'), services: ['Snow Plowing'] },
    ],
  },
  {
    name: 'birch Gardens',
    ...address('1 Pine Rd', 'Philadelphia', 'PA', '19103'),
    sites: [{ name: 'Birch Estate', ...address('1 Pine Rd', 'Philadelphia', 'PA', '19103'), services: ['Mulching', 'Weekly Mowing'] }],
  },
  {
    name: 'Cedar HOA',
    ...address('77 Market St', 'Wilmington', 'DE', '19801'),
    sites: [
      { name: 'Cedar Pool', ...address('77 Market St', 'Wilmington', 'DE', null), services: [] },
      { name: 'cedar clubhouse', ...address('78 Market St', 'Wilmington', 'DE', '19801'), services: ['Salting'] },
    ],
  },
  {
    name: '=HYPERLINK("http://evil.example","Click")',
    ...address('9 Elm St', 'Princeton', 'NJ', '08540'),
    sites: [{ name: '+Front Lawn', ...address('-12 Elm St', '@Princeton', 'NJ', '08540'), services: ['Salting'] }],
  },
  // A customer without sites has no operations.
  { name: 'Dogwood Leads', ...address('3 Birch Ln', 'Trenton', 'NJ', '08601'), sites: [] },
];

const SITE_COUNT = 6;

describe.each(databaseKinds())('operations API on %s', (kind) => {
  let api: TestApi;
  const serviceIds: Record<string, number> = {};
  const siteIds: Record<string, number> = {};

  const list = async (query = '') => {
    const res = await api.get(`/api/operations${query ? `?${query}` : ''}`);
    expect(res.status, res.raw).toBe(200);
    return res.body as { operations: OperationRow[]; count: number };
  };
  const names = (rows: OperationRow[]) => rows.map((r) => r.siteName);
  const filter = (key: string, values: unknown) => `filter:${key}=${encodeURIComponent(JSON.stringify(values))}`;

  beforeAll(async () => {
    // No job runner looks for due jobs meanwhile: a test here counts the statements of one request.
    api = await createTestApi(kind, { jobs: { run: false } });
    for (const name of ['Weekly Mowing', 'Snow Plowing', 'Salting', 'Mulching', 'Aeration']) {
      serviceIds[name] = (await api.post('/api/services', service(name))).body.id;
    }
    for (const { sites, ...customer } of company) {
      const customerID = (await api.post('/api/customers', customer)).body.id;
      for (const { services, ...site } of sites) {
        const created = await api.post(`/api/customers/${customerID}/sites`, site);
        expect(created.status, created.raw).toBe(201);
        siteIds[site.name] = created.body.id;
        for (const name of services) await api.post(`/api/sites/${created.body.id}/services`, { serviceID: serviceIds[name] });
      }
    }
  });
  afterAll(() => api?.close());

  it('lists a row per site with its customer and services, by customer name by default', async () => {
    const { operations, count } = await list();
    expect(count).toBe(SITE_COUNT);
    expect(operations.map((r) => r.customerName)).toEqual([
      '=HYPERLINK("http://evil.example","Click")',
      'Acme Landscaping',
      'Acme Landscaping',
      'birch Gardens',
      'Cedar HOA',
      'Cedar HOA',
    ]);
    const hq = operations.find((r) => r.siteName === 'Acme HQ')!;
    expect(hq).toEqual({
      id: siteIds['Acme HQ'],
      customerID: expect.any(Number),
      customerName: 'Acme Landscaping',
      siteName: 'Acme HQ',
      siteAddress1: '10 Main St',
      siteCity: 'Trenton',
      siteState: 'NJ',
      siteZip: '08601',
      // By name.
      services: [
        { id: serviceIds['Snow Plowing'], name: 'Snow Plowing' },
        { id: serviceIds['Weekly Mowing'], name: 'Weekly Mowing' },
      ],
    });
    expect(operations.find((r) => r.siteName === 'Cedar Pool')).toMatchObject({ siteZip: null, services: [] });
  });

  it('runs one SQL statement for the page and its count, searched or not', async () => {
    const { db } = api.database;
    // The only other statement is the sign-in check of every request (server/auth/plugin.ts),
    // whose user PGlite keeps until anything writes (server/db/keptReads.ts): read it once first.
    await list('limit=1');
    const userReads = kind === 'pglite' ? 0 : 1;
    const execute = vi.spyOn(db, 'execute');
    const select = vi.spyOn(db, 'select');
    try {
      await list(`${filter('services', [serviceIds['Snow Plowing']])}&limit=1`);
      expect(execute).toHaveBeenCalledTimes(1);
      expect(select).toHaveBeenCalledTimes(userReads);
      execute.mockClear();
      select.mockClear();
      await list(`searchTerm=acme&${filter('services', [serviceIds['Snow Plowing']])}&limit=1`);
      expect(execute).toHaveBeenCalledTimes(1);
      expect(select).toHaveBeenCalledTimes(userReads);
    } finally {
      execute.mockRestore();
      select.mockRestore();
    }
  });

  it('searches customer and site names and addresses, case-insensitively, with LIKE wildcards taken literally', async () => {
    const cases: [string, string[]][] = [
      ['acme', ['Acme HQ', 'Acme Warehouse']],
      ['BIRCH', ['Birch Estate']],
      ['market st', ['Cedar Pool', 'cedar clubhouse']],
      ['camden', ['Acme Warehouse']],
      ['19801', ['cedar clubhouse']],
      ['hyperlink', ['+Front Lawn']],
      ['dogwood', []],
      ['%', []],
      ['_', []],
    ];
    for (const [term, expected] of cases) {
      const { operations, count } = await list(`searchTerm=${encodeURIComponent(term)}`);
      expect(names(operations).sort(), term).toEqual([...expected].sort());
      expect(count, term).toBe(expected.length);
    }
  });

  it('filters by customer name, city, state and zip, each alone (any of the values matches)', async () => {
    const cases: [string, unknown, string[]][] = [
      ['customer_name', ['Acme Landscaping'], ['Acme HQ', 'Acme Warehouse']],
      ['customer_name', ['Acme Landscaping', 'Cedar HOA'], ['Acme HQ', 'Acme Warehouse', 'Cedar Pool', 'cedar clubhouse']],
      ['site_city', ['Camden', 'Philadelphia'], ['Acme Warehouse', 'Birch Estate']],
      ['site_state', ['DE'], ['Cedar Pool', 'cedar clubhouse']],
      ['site_state', 'PA', ['Birch Estate']],
      ['site_zip', ['08601', null], ['Acme HQ', 'Cedar Pool']],
      ['site_zip', [null], ['Cedar Pool']],
      ['site_state', ['nj'], []],
      ['site_city', [], ['Acme HQ', 'Acme Warehouse', 'Birch Estate', 'Cedar Pool', 'cedar clubhouse', '+Front Lawn']],
    ];
    for (const [key, values, expected] of cases) {
      const { operations, count } = await list(filter(key, values));
      expect(names(operations).sort(), `${key} ${JSON.stringify(values)}`).toEqual([...expected].sort());
      expect(count).toBe(expected.length);
    }
  });

  it('filters by services: sites having any of the given services', async () => {
    const cases: [string[], string[]][] = [
      [['Snow Plowing'], ['Acme HQ', 'Acme Warehouse']],
      [
        ['Salting', 'Mulching'],
        ['Birch Estate', 'cedar clubhouse', '+Front Lawn'],
      ],
      [
        ['Weekly Mowing', 'Snow Plowing'],
        ['Acme HQ', 'Acme Warehouse', 'Birch Estate'],
      ],
      [['Aeration'], []],
    ];
    for (const [services, expected] of cases) {
      const { operations, count } = await list(
        filter(
          'services',
          services.map((name) => serviceIds[name]),
        ),
      );
      expect(names(operations).sort(), services.join()).toEqual([...expected].sort());
      expect(count).toBe(expected.length);
    }
    // Ids as digits are ids too; a site with two of the services is listed once.
    const { count } = await list(filter('services', [String(serviceIds['Weekly Mowing']), serviceIds['Snow Plowing']]));
    expect(count).toBe(3);
  });

  it('filters by what is assigned now: after an unassignment, a deleted service and assignments written in SQL', async () => {
    const aeration = serviceIds['Aeration'];
    const listed = async () => names((await list(filter('services', [aeration]))).operations).sort();
    await api.post(`/api/sites/${siteIds['Birch Estate']}/services`, { serviceID: aeration });
    await api.post(`/api/sites/${siteIds['Cedar Pool']}/services`, { serviceID: aeration });
    expect(await listed()).toEqual(['Birch Estate', 'Cedar Pool']);
    expect((await api.del(`/api/sites/${siteIds['Cedar Pool']}/services/${aeration}`)).status).toBe(204);
    expect(await listed()).toEqual(['Birch Estate']);

    // One statement assigning it to every site, as an import would.
    await api.database.db.execute(
      sql`INSERT INTO site_services (site_id, service_id) SELECT site_id, ${aeration} FROM sites ON CONFLICT DO NOTHING`,
    );
    expect(await listed()).toHaveLength(SITE_COUNT);
    const temporary = (await api.post('/api/services', service('Leaf Removal'))).body.id;
    await api.post(`/api/sites/${siteIds['Acme HQ']}/services`, { serviceID: temporary });
    expect((await list(filter('services', [temporary]))).count).toBe(1);
    expect((await api.del(`/api/services/${temporary}`)).status).toBe(204);
    expect((await list(filter('services', [temporary]))).count).toBe(0);
    await api.database.db.execute(sql`DELETE FROM site_services WHERE service_id = ${aeration}`);
    expect(await listed()).toEqual([]);
  });

  it('combines filters with each other and with search', async () => {
    const njMowing = await list(`${filter('site_state', ['NJ'])}&${filter('services', [serviceIds['Weekly Mowing']])}`);
    expect(names(njMowing.operations)).toEqual(['Acme HQ']);
    expect(njMowing.count).toBe(1);

    const searchedAndFiltered = await list(`searchTerm=market&${filter('site_zip', ['19801'])}&${filter('customer_name', ['Cedar HOA'])}`);
    expect(names(searchedAndFiltered.operations)).toEqual(['cedar clubhouse']);

    const nothing = await list(`searchTerm=acme&${filter('site_state', ['DE'])}`);
    expect(nothing).toEqual({ operations: [], count: 0 });
  });

  it('sorts by each of the six keys both ways, case-insensitively, site id breaking ties, no value last', async () => {
    const { operations: all } = await list();
    for (const column of operationsColumns.filter((c) => c.sortKey)) {
      const source = column.source as Exclude<typeof column.source, 'services'>;
      const value = (r: OperationRow) => (r[source] === null ? null : String(r[source]).toLowerCase());
      const ascending = [...all].sort((a, b) => {
        const [x, y] = [value(a), value(b)];
        if (x !== y) return x === null ? 1 : y === null ? -1 : x < y ? -1 : 1;
        return a.id - b.id;
      });
      const asc = await list(`sortBy=${column.sortKey}&sortDirection=ASC`);
      expect(
        asc.operations.map((r) => r.id),
        `${column.sortKey} ASC`,
      ).toEqual(ascending.map((r) => r.id));
      const desc = await list(`sortBy=${column.sortKey}&sortDirection=desc`);
      expect(
        desc.operations.map((r) => r.id),
        `${column.sortKey} DESC`,
      ).toEqual(ascending.reverse().map((r) => r.id));
      expect(desc.count).toBe(SITE_COUNT);
    }
  });

  it('pages with limit and offset, keeping the total count; past the end is empty with the count', async () => {
    const { operations: all } = await list('sortBy=site_name');
    const page = await list('sortBy=site_name&limit=2&offset=2');
    expect(page.operations.map((r) => r.id)).toEqual(all.slice(2, 4).map((r) => r.id));
    expect(page.count).toBe(SITE_COUNT);
    expect(await list('limit=0')).toEqual({ operations: [], count: SITE_COUNT });
    expect(await list('offset=6')).toEqual({ operations: [], count: SITE_COUNT });
    expect(await list('limit=5&offset=9007199254740991')).toEqual({ operations: [], count: SITE_COUNT });
    expect((await list('limit=null')).operations).toHaveLength(SITE_COUNT);
  });

  it('lists the distinct values of the filterable columns, sorted, and refuses any other column', async () => {
    const values = async (column: string) => {
      const res = await api.get(`/api/operations/filterValues/${column}`);
      expect(res.status, res.raw).toBe(200);
      return res.body;
    };
    expect(await values('customer_name')).toEqual([
      '=HYPERLINK("http://evil.example","Click")',
      'Acme Landscaping',
      'birch Gardens',
      'Cedar HOA',
    ]);
    expect(await values('site_city')).toEqual(['@Princeton', 'Camden', 'Philadelphia', 'Trenton', 'Wilmington']);
    expect(await values('site_state')).toEqual(['DE', 'NJ', 'PA']);
    expect(await values('site_zip')).toEqual(['08102', '08540', '08601', '19103', '19801', null]);

    for (const column of [
      'services',
      'site_name',
      'site_address_1',
      'customer_id',
      'site_notes',
      'nope',
      'customer_name%3B%20DROP%20TABLE%20sites',
      '%00',
    ]) {
      const res = await api.get(`/api/operations/filterValues/${column}`);
      expect(res.status, column).toBe(400);
      expect(res.body.message).toMatch(/^Unknown filter column/);
    }
  });

  it("follows a customer's new name: rows, search, filter values and sort (each site keeps a copy)", async () => {
    const customerID = (await list('searchTerm=birch')).operations[0].customerID;
    const rename = async (name: string) => {
      const customer = (await api.get(`/api/customers/${customerID}`)).body;
      expect((await api.put(`/api/customers/${customerID}`, { ...customer, name })).status).toBe(200);
    };
    await rename('Zinnia Yards');
    try {
      expect((await list('searchTerm=zinnia')).operations.map((r) => [r.customerName, r.siteName])).toEqual([
        ['Zinnia Yards', 'Birch Estate'],
      ]);
      expect((await list('searchTerm=gardens')).count).toBe(0);
      expect((await api.get('/api/operations/filterValues/customer_name')).body).toContain('Zinnia Yards');
      expect((await list(`${filter('customer_name', ['Zinnia Yards'])}`)).count).toBe(1);
      expect((await list('sortBy=customer_name&sortDirection=DESC')).operations[0].customerName).toBe('Zinnia Yards');
    } finally {
      await rename('birch Gardens');
    }
    expect((await list('searchTerm=gardens')).count).toBe(1);
  });

  it('answers hostile list parameters with 400 and a plain message, never a server error', async () => {
    const bad = [
      'sortBy=site_notes',
      'sortBy=services',
      'sortBy=customer_name%3B%20DROP%20TABLE%20sites',
      'sortDirection=sideways',
      'filter:site_notes=%5B%22x%22%5D',
      'filter:customer_id=%5B1%5D',
      'filter:site_state=not-json',
      `${filter('site_state', [['NJ']])}`,
      `${filter('site_state', [{ $ne: 'x' }])}`,
      `${filter('site_state', { a: 1 })}`,
      `${filter('site_state', [true])}`,
      `${filter('services', ['abc'])}`,
      `${filter('services', [0])}`,
      `${filter('services', [1.5])}`,
      `${filter('services', [2 ** 40])}`,
      `${filter('services', [null])}`,
      `${filter(
        'customer_name',
        Array.from({ length: 501 }, (_, i) => `Customer ${i}`),
      )}`,
      'searchTerm=%00',
      'searchTerm=a&searchTerm=b',
      `${filter('customer_name', ['Acme\u0000'])}`,
      'filter:site_state=%5B%22NJ%22%5D&filter:site_state=%5B%22PA%22%5D',
      'limit=-1',
      'limit=abc',
      'limit=1e99',
      'offset=99999999999999999999',
      'limit=1.5',
    ];
    for (const query of bad) {
      for (const path of ['/api/operations', '/api/operations/download']) {
        const res = await api.get(`${path}?${query}`);
        expect(res.status, `${path}?${query}`).toBe(400);
        expect(typeof res.body.message, query).toBe('string');
        expect(res.raw).not.toMatch(/select|sql|stack/i);
      }
    }
  });

  it('needs a signed-in user', async () => {
    for (const path of ['/api/operations', '/api/operations/filterValues/site_state', '/api/operations/download']) {
      expect((await api.request('GET', path, undefined, null)).status, path).toBe(401);
    }
  });

  describe('GET /api/operations/download', () => {
    async function download(query = '') {
      const res = await api.app.inject({
        method: 'GET',
        url: `/api/operations/download${query ? `?${query}` : ''}`,
        headers: { authorization: `Bearer ${api.token}` },
      });
      expect(res.statusCode, res.body).toBe(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      return { res, workbook, sheet: workbook.getWorksheet(OPERATIONS_SHEET)! };
    }

    const sheetRows = (sheet: ExcelJS.Worksheet) => {
      const rows: unknown[][] = [];
      sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
      return rows;
    };
    const expectedLine = (r: OperationRow) => [
      r.customerName,
      r.siteName,
      r.siteAddress1,
      r.siteCity,
      r.siteState,
      ...(r.siteZip === null ? [undefined] : [r.siteZip]),
      ...(r.services.length ? [r.services.map((s) => s.name).join(', ')] : []),
    ];

    it('is an .xlsx named after the office date, with a bold frozen header and an autofilter', async () => {
      // 03:30 UTC on 10 March is still 9 March in the office (America/New_York).
      const saved = api.clock.now;
      api.clock.now = Date.parse('2025-03-10T03:30:00Z');
      try {
        const { res, sheet } = await download();
        expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
        expect(res.headers['content-disposition']).toMatch(/^attachment; filename="operations--2025-03-09\.xlsx"/);
        expect(res.headers['cache-control']).toBe('no-store');
        expect(sheetRows(sheet)[0]).toEqual(operationsColumns.map((c) => c.label));
        expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
        expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
        expect(sheet.autoFilter).toBeTruthy();
        for (const column of sheet.columns) expect(column.width).toBeGreaterThanOrEqual(8);
      } finally {
        api.clock.now = saved;
      }
    });

    it('holds exactly the rows the list selects, every page, in the list order, services joined', async () => {
      const query = `${filter('site_state', ['NJ', 'DE'])}&${filter('services', [serviceIds['Snow Plowing'], serviceIds['Salting']])}&sortBy=site_name&sortDirection=DESC`;
      const listed = await list(query);
      expect(listed.count).toBe(4);
      // limit and offset are the screen's page: the file has all of them.
      const { sheet } = await download(`${query}&limit=1&offset=1`);
      expect(sheetRows(sheet).slice(1)).toEqual(listed.operations.map(expectedLine));

      const { sheet: everything } = await download();
      expect(everything.rowCount).toBe(SITE_COUNT + 1);
      const { sheet: none } = await download(filter('site_state', ['PA', 'DE']) + '&searchTerm=acme');
      expect(sheetRows(none)).toEqual([operationsColumns.map((c) => c.label)]);
    });

    it('writes values, never formulas: text that starts like a formula stays that text', async () => {
      const { sheet } = await download();
      let triggers = 0;
      sheet.eachRow((row) =>
        row.eachCell((cell) => {
          expect(cell.type, String(cell.value)).not.toBe(ExcelJS.ValueType.Formula);
          expect(cell.formula).toBeFalsy();
          if (typeof cell.value === 'string' && startsLikeFormula(cell.value)) triggers += 1;
        }),
      );
      expect(triggers).toBe(4);
      const hostile = sheetRows(sheet).find((line) => line[1] === '+Front Lawn')!;
      expect(hostile.slice(0, 4)).toEqual(['=HYPERLINK("http://evil.example","Click")', '+Front Lawn', '-12 Elm St', '@Princeton']);
    });
  });
});
