import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { arrangeAddressLines, isCityStateZipLine, splitCityStateZip } from '../../src/domain/importing/addressLines';
import { splitCellList } from '../../src/domain/importing/cellLists';
import { cleanCustomerType, cleanPhone } from '../../src/domain/importing/cleaning';
import { detectLayout, layoutMessage, suggestImport } from '../../src/domain/importing/layouts';
import { IMPORT_TARGETS } from '../../src/domain/importing/targets';

/** A fixture's header row (tests/fixtures/imports), decoded as the server decodes it. */
function headersOf(name: string): string[] {
  const bytes = readFileSync(join(__dirname, '../fixtures/imports', name));
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    text = bytes.toString('latin1');
  }
  const first = Papa.parse<string[]>(text.replace(/^\ufeff/, ''), { preview: 1 }).data[0];
  return first.map((h, i) => h.trim() || `Column ${i + 1}`);
}

describe('layouts recognised by their header rows (issue 35)', () => {
  it.each([
    ['quickbooks-desktop-customer-list.csv', 'quickbooksDesktop', 'Looks like a QuickBooks Desktop customer list'],
    ['jobber-client-list.csv', 'jobber', 'Looks like a Jobber client list'],
    ['outlook-contacts.csv', 'outlook', 'Looks like an Outlook contacts export'],
    ['google-contacts.csv', 'googleContacts', 'Looks like a Google Contacts export'],
  ])('%s is %s', (file, id, message) => {
    const layout = detectLayout('customers', headersOf(file));
    expect(layout?.id).toBe(id);
    expect(layoutMessage(layout!)).toBe(message);
  });

  it('only for the customers kind, and not for a spreadsheet of its own', () => {
    expect(detectLayout('contacts', headersOf('jobber-client-list.csv'))).toBeNull();
    expect(detectLayout('customers', ['Customer', 'Street', 'City', 'State', 'Zip'])).toBeNull();
    expect(suggestImport('customers', ['Customer', 'Street']).layout).toBeNull();
  });

  it('each preset names only headers of its layout, and only targets that exist; one column serves one target', () => {
    for (const file of ['quickbooks-desktop-customer-list.csv', 'jobber-client-list.csv', 'outlook-contacts.csv', 'google-contacts.csv']) {
      const headers = headersOf(file);
      const { layout, mapping } = suggestImport('customers', headers);
      const keys = new Set(IMPORT_TARGETS.customers.map((t) => t.key));
      for (const key of Object.keys(layout!.preset)) expect(keys.has(key), key).toBe(true);
      const used = Object.values(mapping).filter((c): c is string => c !== null);
      expect(new Set(used).size).toBe(used.length);
      for (const column of used) expect(headers).toContain(column);
    }
  });

  it('QuickBooks Desktop: the bill-to block and "City, ST ZIP" cells; Jobber: its "#s" and "E-mails" headers', () => {
    expect(suggestImport('customers', headersOf('quickbooks-desktop-customer-list.csv')).mapping).toMatchObject({
      name: 'Customer',
      address1: 'Bill to 1',
      address3: 'Bill to 3',
      cityStateZip: 'Bill to 4',
      city: null,
      siteAddress1: 'Ship to 1',
    });
    expect(suggestImport('customers', headersOf('jobber-client-list.csv')).mapping).toMatchObject({
      name: 'Display Name',
      contactPhone: 'Main Phone #s',
      contactEmail: 'E-mails',
      siteName: 'Service Property Name',
    });
  });
});

describe('"City, ST ZIP" in one cell', () => {
  it.each([
    ['Lawrenceville, NJ 08648', { city: 'Lawrenceville', state: 'NJ', zip: '08648' }],
    ['Lawrenceville NJ 08648', { city: 'Lawrenceville', state: 'NJ', zip: '08648' }],
    ['Lawrenceville, New Jersey 08648-1234', { city: 'Lawrenceville', state: 'NJ', zip: '08648-1234' }],
    ['  lawrenceville ,  n.j.   086481234 ', { city: 'lawrenceville', state: 'NJ', zip: '08648-1234' }],
    ['Trenton, NJ 8608', { city: 'Trenton', state: 'NJ', zip: '08608' }],
    ['West Virginia City, West Virginia 25755', { city: 'West Virginia City', state: 'WV', zip: '25755' }],
    ['Kansas City, MO', { city: 'Kansas City', state: 'MO', zip: null }],
    ['Toronto, ON M5V 3L9', { city: 'Toronto, ON', state: null, zip: 'M5V 3L9' }],
    ['Lawrenceville', { city: 'Lawrenceville', state: null, zip: null }],
    ['', { city: null, state: null, zip: null }],
    [null, { city: null, state: null, zip: null }],
  ])('%j', (cell, expected) => {
    expect(splitCityStateZip(cell)).toEqual(expected);
  });

  it('a line reads as "City, ST ZIP" only with a state and a zip or a comma', () => {
    expect(isCityStateZipLine('Lawrenceville, NJ 08648')).toBe(true);
    expect(isCityStateZipLine('Kansas City, MO')).toBe(true);
    expect(isCityStateZipLine('12 Elm St')).toBe(false);
    expect(isCityStateZipLine('Suite 4')).toBe(false);
    expect(isCityStateZipLine('Toronto, ON M5V 3L9')).toBe(false);
    expect(isCityStateZipLine('   ')).toBe(false);
  });
});

describe('an address block read back into fields', () => {
  it("drops the customer's (or contact's) name line and splits the last line", () => {
    expect(arrangeAddressLines(['Greenway HOA', '12 Elm St', 'Lawrenceville, NJ 08648'], ['greenway  hoa'])).toEqual({
      address1: '12 Elm St',
      address2: null,
      city: 'Lawrenceville',
      state: 'NJ',
      zip: '08648',
    });
    expect(arrangeAddressLines(['Bob Miller', '5 Oak Ave', 'Philadelphia, PA 19103'], ['Miller, Bob', 'Bob Miller'])).toMatchObject({
      address1: '5 Oak Ave',
      city: 'Philadelphia',
    });
  });

  it('a QuickBooks block of company, contact (with a middle initial), street and city: the two name lines dropped', () => {
    expect(
      arrangeAddressLines(
        ['O\u2019Brien Landscape Supply', 'Liam J O\u2019Brien', '9 Birch Rd'],
        ['O\u2019Brien Landscape Supply', 'Liam O\u2019Brien'],
        {},
        'Trenton NJ 08608',
      ),
    ).toEqual({ address1: '9 Birch Rd', address2: null, city: 'Trenton', state: 'NJ', zip: '08608' });
  });

  it('finds the city line among the street lines, and keeps two street lines', () => {
    expect(arrangeAddressLines(['12 Elm St', 'Lawrenceville, NJ 08648', null], ['Acme'])).toMatchObject({
      address1: '12 Elm St',
      address2: null,
      city: 'Lawrenceville',
    });
    expect(arrangeAddressLines(['12 Elm St', 'Suite 4', 'Lawrenceville NJ 08648'], [])).toMatchObject({
      address1: '12 Elm St',
      address2: 'Suite 4',
      zip: '08648',
    });
  });

  it('separate city, state and zip cells win; an unreadable last line is the city, so the forms name what is missing', () => {
    expect(
      arrangeAddressLines(['12 Elm St', null, 'Lawrenceville, NJ 08648'], [], { city: 'Ewing', state: 'NJ', zip: '08628' }),
    ).toMatchObject({
      city: 'Ewing',
      zip: '08628',
    });
    expect(arrangeAddressLines(['12 Elm St', null], [], {}, 'Somewhere')).toMatchObject({
      address1: '12 Elm St',
      address2: null,
      city: 'Somewhere',
      state: null,
    });
    expect(arrangeAddressLines(['12 Elm St', null, 'Somewhere'], [])).toMatchObject({ address2: 'Somewhere', city: null });
    expect(arrangeAddressLines([null, null, null], ['X'])).toEqual({ address1: null, address2: null, city: null, state: null, zip: null });
  });
});

describe('cells holding a list', () => {
  it.each([
    ['609-555-0142, 609-555-0199', ['609-555-0142', '609-555-0199']],
    ['+1 609-555-0150 ::: +1 609-555-0151', ['+1 609-555-0150', '+1 609-555-0151']],
    ['a@x.test; b@y.test\nc@z.test', ['a@x.test', 'b@y.test', 'c@z.test']],
    ['609.555.0142, x204', ['609.555.0142, x204']],
    ['609.555.0142, ext. 204, 215-555-0100', ['609.555.0142, ext. 204', '215-555-0100']],
    ['(609) 555-0142', ['(609) 555-0142']],
    [' , ', []],
    [null, []],
  ])('%j', (cell, values) => {
    expect(splitCellList(cell)).toEqual(values);
  });
});

describe('Lead or Client', () => {
  it.each([
    ['Lead', 'Lead'],
    ['prospects', 'Lead'],
    ['Client', 'Client'],
    ['Active customer', 'Client'],
    ['1', 'Client'],
    ['0', 'Lead'],
    ['Residential', null],
    ['', null],
  ])('%j → %j', (cell, type) => {
    expect(cleanCustomerType(cell)).toBe(type);
  });
});

describe('hostile cells stay fast', () => {
  it('a 70,000-character cell of spaces and commas is neither split nor slow', () => {
    const cell = `a${' ,'.repeat(35_000)}x`;
    const started = performance.now();
    expect(splitCityStateZip(cell).state).toBeNull();
    expect(arrangeAddressLines([cell, cell, cell], [cell]).state).toBeNull();
    expect(splitCellList(`1${' '.repeat(70_000)}2`)).toEqual([`1${' '.repeat(70_000)}2`]);
    expect(cleanPhone(`1${' '.repeat(70_000)}2`).extension).toBeNull();
    expect(splitCellList(`1${' ,'.repeat(35_000)}2`)).toEqual(['1', '2']);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
