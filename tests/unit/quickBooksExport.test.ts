import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import {
  displayNameCollisions,
  lastDayOfMonth,
  type QuickBooksBillingLine,
  quickBooksCustomersCsv,
  quickBooksDate,
  quickBooksInvoices,
  quickBooksProductsCsv,
} from '../../src/domain/quickBooksExport';

const billed = (overrides: Partial<QuickBooksBillingLine> & Pick<QuickBooksBillingLine, 'id' | 'customerID'>): QuickBooksBillingLine => ({
  agreementID: 7,
  lineID: 11,
  date: '2026-04-08',
  description: 'Mowing — visit Apr 8, 2026',
  quantity: 1,
  rate: 45.5,
  amount: 45.5,
  tax: 3.01,
  source: 'visit',
  customerDisplayName: 'Acme',
  agreementNumber: 'A-0007',
  lineName: 'Mowing',
  ...overrides,
});

const INVOICE_HEADER =
  'Invoice number,Customer,Invoice date,Due date,Terms,Memo,Item (Product/Service),Item Description,Item Quantity,Item Rate,Item Amount,Item tax code,Service Date';

describe('quickBooksInvoices', () => {
  const lines = [
    billed({ id: 'visit-1', customerID: 3 }),
    billed({ id: 'visit-2', customerID: 5, customerDisplayName: 'Birch Lane HOA', agreementNumber: 'A-0009', date: '2026-04-15', tax: 0 }),
    billed({
      id: 'installment-11-1',
      customerID: 3,
      lineName: 'Maintenance contract',
      description: 'Maintenance contract — installment 1 of 8',
      rate: 600,
      amount: 600,
      tax: 39.75,
      date: '2026-04-01',
      source: 'installment',
    }),
    billed({
      id: 'labor-9',
      customerID: 4,
      customerDisplayName: 'apex Gardens',
      agreementNumber: 'A-0012',
      quantity: 3.25,
      rate: 55,
      amount: 178.75,
      tax: 11.84,
      taxCode: 'NJ',
    }),
  ];

  it('writes one invoice per customer, numbered in display-name order', () => {
    const result = quickBooksInvoices(lines, '2026-04', 1001);
    expect(result.invoices).toBe(3);
    expect(result.rows).toEqual([
      [
        '1001',
        'Acme',
        '04/30/2026',
        '05/30/2026',
        'Net 30',
        'Agreement A-0007',
        'Mowing',
        'Mowing — visit Apr 8, 2026',
        '1',
        '45.50',
        '45.50',
        'Tax',
        '04/08/2026',
      ],
      [
        '1001',
        'Acme',
        '04/30/2026',
        '05/30/2026',
        'Net 30',
        'Agreement A-0007',
        'Maintenance contract',
        'Maintenance contract — installment 1 of 8',
        '1',
        '600.00',
        '600.00',
        'Tax',
        '04/01/2026',
      ],
      [
        '1002',
        'apex Gardens',
        '04/30/2026',
        '05/30/2026',
        'Net 30',
        'Agreement A-0012',
        'Mowing',
        'Mowing — visit Apr 8, 2026',
        '3.25',
        '55.00',
        '178.75',
        'Tax',
        '04/08/2026',
      ],
      [
        '1003',
        'Birch Lane HOA',
        '04/30/2026',
        '05/30/2026',
        'Net 30',
        'Agreement A-0009',
        'Mowing',
        'Mowing — visit Apr 8, 2026',
        '1',
        '45.50',
        '45.50',
        'Non',
        '04/15/2026',
      ],
    ]);
    const csvLines = result.csv.split('\r\n');
    expect(csvLines[0]).toBe(INVOICE_HEADER);
    expect(csvLines).toHaveLength(6); // header, 4 rows, and the empty string after the last CRLF
    expect(csvLines[1]).toBe(
      '1001,Acme,04/30/2026,05/30/2026,Net 30,Agreement A-0007,Mowing,"Mowing — visit Apr 8, 2026",1,45.50,45.50,Tax,04/08/2026',
    );
  });

  it('dates December invoices in the next year and leaves out other months', () => {
    const december = quickBooksInvoices(
      [billed({ id: 'v', customerID: 1, date: '2026-12-05' }), billed({ id: 'w', customerID: 2, date: '2026-11-30' })],
      '2026-12',
      7,
    );
    expect(december.invoices).toBe(1);
    expect(december.rows[0].slice(0, 4)).toEqual(['7', 'Acme', '12/31/2026', '01/30/2027']);
    expect(quickBooksInvoices([], '2026-12', 1)).toEqual({
      invoices: 0,
      invoiceNumbers: new Map(),
      rows: [],
      csv: `${INVOICE_HEADER}\r\n`,
    });
  });

  it('lists every agreement of the customer in the memo; uses the tax code when given', () => {
    const two = quickBooksInvoices(
      [
        billed({ id: 'a', customerID: 1, taxCode: 'DE', tax: 0 }),
        billed({ id: 'b', customerID: 1, agreementNumber: 'A-0008', taxCode: 'PA' }),
      ],
      '2026-04',
      1,
    );
    expect(two.rows.map((row) => [row[5], row[11]])).toEqual([
      ['Agreement A-0007, A-0008', 'Non'],
      ['Agreement A-0007, A-0008', 'Tax'],
    ]);
  });

  it('neutralises formula-looking cells and quotes per RFC 4180', () => {
    const hostile = quickBooksInvoices(
      [billed({ id: 'x', customerID: 1, customerDisplayName: '=HYPERLINK("http://x")', lineName: '+Mow', description: '@sum, "quoted"' })],
      '2026-04',
      1,
    );
    const [, row] = Papa.parse<string[]>(hostile.csv.trim(), { newline: '\r\n' }).data;
    expect(row[1]).toBe(`'=HYPERLINK("http://x")`);
    expect(row[6]).toBe(`'+Mow`);
    expect(row[7]).toBe(`'@sum, "quoted"`);
    expect(hostile.csv).toContain(`"'=HYPERLINK(""http://x"")"`);
    expect(quickBooksInvoices([billed({ id: 'n', customerID: 1, rate: -20, amount: -20 })], '2026-04', 1).rows[0][10]).toBe('-20.00');
    expect(quickBooksInvoices([billed({ id: 'n', customerID: 1, rate: -20, amount: -20 })], '2026-04', 1).csv).toContain(',-20.00,-20.00,');
    expect(quickBooksInvoices([billed({ id: 'm', customerID: 1, customerDisplayName: '-1+1' })], '2026-04', 1).csv).toContain(",'-1+1,");
  });
});

it('guards every formula trigger', () => {
  for (const trigger of ['=', '+', '-', '@', '\t', '\r']) {
    const { csv } = quickBooksInvoices([billed({ id: 't', customerID: 1, lineName: `${trigger}cmd` })], '2026-04', 1);
    const [, row] = Papa.parse<string[]>(csv.trim(), { newline: '\r\n' }).data;
    expect(row[6]).toBe(`'${trigger}cmd`);
  }
});

describe('dates', () => {
  it('writes MM/DD/YYYY and finds a month’s last day', () => {
    expect(quickBooksDate('2026-04-08')).toBe('04/08/2026');
    expect(lastDayOfMonth('2028-02')).toBe('2028-02-29');
    expect(lastDayOfMonth('2026-02')).toBe('2026-02-28');
    expect(lastDayOfMonth('2026-12')).toBe('2026-12-31');
  });
});

describe('displayNameCollisions', () => {
  it('finds names two customers share, trimmed and case-insensitive', () => {
    expect(
      displayNameCollisions([
        { id: 1, displayName: 'Acme' },
        { id: 2, displayName: ' acme ' },
        { id: 3, displayName: 'Birch' },
        { id: 3, displayName: 'birch' },
        { id: 4, displayName: 'Cedar' },
      ]),
    ).toEqual(['Acme']);
    expect(displayNameCollisions([])).toEqual([]);
  });
});

describe('customer and product files', () => {
  it('uses QuickBooks Online’s customer import columns', () => {
    const csv = quickBooksCustomersCsv([
      { displayName: ' Acme ', email: 'office@acme.test', street: '1 Main St', city: 'Camden', state: 'NJ', zip: '08101' },
    ]);
    expect(csv).toBe(
      'Full Name,Company,Email,Phone,Mobile,Fax,Website,Street,City,State,ZIP code,Country,Opening Balance,Opening Balance Date,Resale Number\r\n' +
        'Acme,,office@acme.test,,,,,1 Main St,Camden,NJ,08101,,,,\r\n',
    );
  });

  it('uses QuickBooks Online’s products and services import columns', () => {
    expect(
      quickBooksProductsCsv([
        { name: 'Mowing', description: 'Weekly mowing', rate: 45.5 },
        { name: '-Edging', description: '', rate: 0 },
      ]),
    ).toBe(
      "Name,SKU,Type,Sales Description,Sales Price/Rate,Income Account\r\nMowing,,Service,Weekly mowing,45.50,\r\n'-Edging,,Service,,0.00,\r\n",
    );
  });
});
