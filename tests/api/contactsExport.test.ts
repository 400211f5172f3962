import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Papa from 'papaparse';
import { FORMULA_TRIGGERS } from '../../src/domain/spreadsheetText';
import { createTestApi, type TestApi } from '../helpers/testApi';
import { databaseKinds } from '../helpers/testDatabase';

const HEADER = ['Customer Name', 'First Name', 'Last Name', 'Phone', 'Extension', 'Email'];
const address = { address1: '1 Main St', city: 'Trenton', state: 'NJ' };

type Contact = {
  firstName?: string | null;
  lastName: string;
  phone?: string | null;
  phoneExtension?: string | null;
  email?: string | null;
};

/** Customers and their contacts, in the order the export lists them (customer, last, first name). */
const company: { name: string; contacts: Contact[] }[] = [
  {
    name: 'Acme, "The Lawn People"',
    contacts: [
      { firstName: 'Dana', lastName: 'Reyes, Jr.', phone: '(609) 555-0142', phoneExtension: '12', email: 'dana@acme.example' },
      { firstName: 'Line\nBreak', lastName: 'Say "Hi"\r\nTwice', email: null },
    ],
  },
  {
    name: 'Åsa Gärden & Söner',
    contacts: [
      { firstName: 'José', lastName: 'Muñoz', email: 'jose@gärden.example' },
      { firstName: '北京', lastName: 'Zhōu' },
    ],
  },
  {
    name: "=cmd|' /C calc'!A0",
    contacts: [
      { firstName: '+1+1', lastName: '-2+3', email: '@SUM(A1:A9)' },
      { firstName: '\tTabbed', lastName: '\rReturned', phoneExtension: '=1+1' },
      { firstName: 'Safe = inside', lastName: 'Plain' },
    ],
  },
];

describe.each(databaseKinds())('contacts CSV export on %s', (kind) => {
  let api: TestApi;

  beforeAll(async () => {
    api = await createTestApi(kind);
    for (const customer of company) {
      const id = (await api.post('/api/customers', { name: customer.name, ...address })).body.id;
      for (const contact of customer.contacts) {
        const res = await api.post(`/api/customers/${id}/contacts`, contact);
        expect(res.status, res.raw).toBe(201);
      }
    }
    // A customer without contacts adds no line.
    await api.post('/api/customers', { name: 'Nobody Home', ...address });
  });
  afterAll(() => api?.close());

  const download = async () => {
    const res = await api.app.inject({ method: 'GET', url: '/api/contacts/download', headers: { authorization: `Bearer ${api.token}` } });
    expect(res.statusCode, res.body).toBe(200);
    return res;
  };
  const neutralised = (value: string | null | undefined) => {
    const text = value ?? '';
    return FORMULA_TRIGGERS.some((t) => text.startsWith(t)) ? `'${text}` : text;
  };

  it('is contacts_export.csv, UTF-8 with a byte order mark', async () => {
    const res = await download();
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="contacts_export\.csv"/);
    expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(
      res.rawPayload
        .toString('utf8')
        .slice(1)
        .startsWith(`${HEADER.join(',')}\r\n`),
    ).toBe(true);
  });

  it('round-trips commas, quotes, newlines and non-ASCII names, every contact with its customer', async () => {
    const text = (await download()).rawPayload.toString('utf8').replace(/^\uFEFF/, '');
    const parsed = Papa.parse<string[]>(text, { skipEmptyLines: true });
    expect(parsed.errors).toEqual([]);
    const [header, ...lines] = parsed.data;
    expect(header).toEqual(HEADER);
    const expected = company.flatMap((customer) =>
      customer.contacts.map((c) => [customer.name, c.firstName, c.lastName, c.phone, c.phoneExtension, c.email].map(neutralised)),
    );
    expect(lines.map((l) => l.join('|')).sort()).toEqual(expected.map((l) => l.join('|')).sort());
    expect(lines).toHaveLength(7);
    expect(lines).toContainEqual(['Acme, "The Lawn People"', 'Line\nBreak', 'Say "Hi"\r\nTwice', '', '', '']);
    expect(lines).toContainEqual(['Åsa Gärden & Söner', 'José', 'Muñoz', '', '', 'jose@gärden.example']);
    expect(lines).toContainEqual(['Åsa Gärden & Söner', '北京', 'Zhōu', '', '', '']);
  });

  it('neutralises every formula prefix (= + - @ tab CR) with a leading apostrophe, and only those', async () => {
    const text = (await download()).rawPayload.toString('utf8').replace(/^\uFEFF/, '');
    const lines = Papa.parse<string[]>(text, { skipEmptyLines: true }).data.slice(1);
    expect(lines).toContainEqual(["'=cmd|' /C calc'!A0", "'+1+1", "'-2+3", '', '', "'@SUM(A1:A9)"]);
    expect(lines).toContainEqual(["'=cmd|' /C calc'!A0", "'\tTabbed", "'\rReturned", '', "'=1+1", '']);
    expect(lines).toContainEqual(["'=cmd|' /C calc'!A0", 'Safe = inside', 'Plain', '', '', '']);
    for (const line of lines)
      for (const cell of line)
        expect(
          FORMULA_TRIGGERS.some((t) => cell.startsWith(t)),
          cell,
        ).toBe(false);
  });

  it('lists the contacts by customer, then last and first name (the database collation: C in the tests)', async () => {
    const text = (await download()).rawPayload.toString('utf8').replace(/^\uFEFF/, '');
    const lines = Papa.parse<string[]>(text, { skipEmptyLines: true }).data.slice(1);
    expect(lines.map((l) => l[2])).toEqual(["'\rReturned", "'-2+3", 'Plain', 'Reyes, Jr.', 'Say "Hi"\r\nTwice', 'Muñoz', 'Zhōu']);
  });

  it('needs a signed-in user', async () => {
    expect((await api.request('GET', '/api/contacts/download', undefined, null)).status).toBe(401);
  });
});
