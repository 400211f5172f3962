/**
 * CSV files for QuickBooks Online's imports: a month's billing lines as invoices (one per
 * customer), the customers and the products/services they name. RFC 4180 with CRLF line ends;
 * every text cell through the spreadsheet formula guard.
 */
import { addMonths } from './agreements';
import type { BillingLine } from './billing';
import { exactOrZero, roundToNumber } from './decimal';
import { addDays } from './officeDate';
import { taxRate } from './taxes';

/** QuickBooks Online's invoice import columns, in its order. */
export const QUICKBOOKS_INVOICE_HEADERS = [
  'Invoice number',
  'Customer',
  'Invoice date',
  'Due date',
  'Terms',
  'Memo',
  'Item (Product/Service)',
  'Item Description',
  'Item Quantity',
  'Item Rate',
  'Item Amount',
  'Item tax code',
  'Service Date',
] as const;

/** QuickBooks Online's customer import fields (its help: "Which contacts fields are imported?"). */
export const QUICKBOOKS_CUSTOMER_HEADERS = [
  'Full Name',
  'Company',
  'Email',
  'Phone',
  'Mobile',
  'Fax',
  'Website',
  'Street',
  'City',
  'State',
  'ZIP code',
  'Country',
  'Opening Balance',
  'Opening Balance Date',
  'Resale Number',
] as const;

/** QuickBooks Online's products and services import fields (its help: "Which products and services fields are imported?"). */
export const QUICKBOOKS_PRODUCT_HEADERS = ['Name', 'SKU', 'Type', 'Sales Description', 'Sales Price/Rate', 'Income Account'] as const;

export const QUICKBOOKS_TERMS = 'Net 30';
const TERMS_DAYS = 30;
/** QuickBooks Online's US sales tax codes on an invoice line. */
export const QUICKBOOKS_TAXABLE = 'Tax';
export const QUICKBOOKS_NOT_TAXABLE = 'Non';

export type QuickBooksBillingLine = BillingLine & {
  customerDisplayName: string;
  agreementNumber: string;
  lineName: string;
  /** The line's tax code; without it, a line is taxable when it carries tax. */
  taxCode?: string;
};

export interface QuickBooksInvoices {
  invoices: number;
  rows: string[][];
  csv: string;
}

/** 'MM/DD/YYYY' for 'YYYY-MM-DD'. */
export function quickBooksDate(date: string): string {
  return `${date.slice(5, 7)}/${date.slice(8, 10)}/${date.slice(0, 4)}`;
}

/** The last day of a month ('YYYY-MM'). */
export function lastDayOfMonth(month: string): string {
  return addDays(addMonths(`${month}-01`, 1), -1);
}

/** Money as QuickBooks reads it: exactly 2 decimals, no thousands separator. */
export function quickBooksMoney(value: number): string {
  return roundToNumber(exactOrZero(value), 2).toFixed(2);
}

/** A rate keeps its decimals beyond the cent (an hourly rate of 42.125), else shows 2. */
function quickBooksRate(value: number): string {
  const exact = exactOrZero(value);
  return 100n % exact.d === 0n ? quickBooksMoney(value) : String(value);
}

const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * The CSV side of server/documents/spreadsheetText.ts (the same triggers, OWASP CSV injection),
 * here because src/domain imports nothing from the server (scripts/importCycles.mjs): text that
 * starts with = + - @ tab or CR gets a leading apostrophe. Both should become one src/domain module.
 */
const FORMULA_TRIGGERS = ['=', '+', '-', '@', '\t', '\r'];

function guardedText(value: unknown): string {
  const text = value === null || value === undefined ? '' : String(value);
  return FORMULA_TRIGGERS.some((trigger) => text.startsWith(trigger)) ? `'${text}` : text;
}

/**
 * RFC 4180 CSV with CRLF line ends (the last line ended too), every cell guarded against formulas;
 * a plain decimal number is left as it is.
 * A cell is quoted when it holds a quote, comma or line break, or starts or ends with a space.
 */
export function quickBooksCsv(headers: readonly string[], rows: readonly (readonly unknown[])[]): string {
  const cell = (value: unknown) => {
    // A plain decimal ('-20.00', a credit) is no formula: guarded, QuickBooks would read it as text.
    const text = typeof value === 'string' && PLAIN_NUMBER.test(value) ? value : guardedText(value);
    return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
  };
  return [headers, ...rows].map((row) => `${row.map(cell).join(',')}\r\n`).join('');
}

/** How QuickBooks compares display names: trimmed, case-insensitive. */
const sameDisplayName = (name: string) => name.trim().toLowerCase();

function isTaxable(line: QuickBooksBillingLine): boolean {
  return line.taxCode === undefined ? line.tax > 0 : taxRate(line.taxCode) > 0;
}

/**
 * A month's billing lines as QuickBooks Online invoices: one per customer, numbered from
 * firstInvoiceNumber in display-name order (then customer id), dated the month's last day,
 * due 30 days later (Net 30), memo the agreement number(s). Lines dated outside the month are
 * left out.
 */
export function quickBooksInvoices(lines: readonly QuickBooksBillingLine[], month: string, firstInvoiceNumber: number): QuickBooksInvoices {
  const byCustomer = new Map<number, QuickBooksBillingLine[]>();
  for (const line of lines) {
    if (line.date.slice(0, 7) !== month) continue;
    const list = byCustomer.get(line.customerID);
    if (list) list.push(line);
    else byCustomer.set(line.customerID, [line]);
  }
  const customers = [...byCustomer.entries()].sort(([idA, [a]], [idB, [b]]) => {
    const byName = sameDisplayName(a.customerDisplayName).localeCompare(sameDisplayName(b.customerDisplayName), 'en-US');
    return byName !== 0 ? byName : idA - idB;
  });
  const invoiceDate = lastDayOfMonth(month);
  const dueDate = addDays(invoiceDate, TERMS_DAYS);
  const rows = customers.flatMap(([, customerLines], index) => {
    const memo = `Agreement ${[...new Set(customerLines.map((line) => line.agreementNumber))].join(', ')}`;
    return customerLines.map((line) => [
      String(firstInvoiceNumber + index),
      line.customerDisplayName,
      quickBooksDate(invoiceDate),
      quickBooksDate(dueDate),
      QUICKBOOKS_TERMS,
      memo,
      line.lineName,
      line.description,
      String(line.quantity),
      quickBooksRate(line.rate),
      quickBooksMoney(line.amount),
      isTaxable(line) ? QUICKBOOKS_TAXABLE : QUICKBOOKS_NOT_TAXABLE,
      quickBooksDate(line.date),
    ]);
  });
  return { invoices: customers.length, rows, csv: quickBooksCsv(QUICKBOOKS_INVOICE_HEADERS, rows) };
}

/**
 * The display names two or more different customers share, as QuickBooks compares them (trimmed,
 * case-insensitive): QuickBooks needs them unique, so these must be told apart before importing.
 * Each shared name once, as the first customer spells it (trimmed), in the order first seen.
 */
export function displayNameCollisions(customers: readonly { id: number; displayName: string }[]): string[] {
  const seen = new Map<string, { name: string; ids: Set<number> }>();
  for (const customer of customers) {
    const key = sameDisplayName(customer.displayName);
    const entry = seen.get(key) ?? { name: customer.displayName.trim(), ids: new Set<number>() };
    entry.ids.add(customer.id);
    seen.set(key, entry);
  }
  return [...seen.values()].filter((entry) => entry.ids.size > 1).map((entry) => entry.name);
}

export interface QuickBooksCustomer {
  displayName: string;
  company?: string | null;
  email?: string | null;
  phone?: string | null;
  mobile?: string | null;
  fax?: string | null;
  website?: string | null;
  street?: string | null;
  city?: string | null;
  state?: string | null;
  zip?: string | null;
  country?: string | null;
}

/** The customers for QuickBooks Online's customer import (no opening balances: billing starts in QuickBooks). */
export function quickBooksCustomersCsv(customers: readonly QuickBooksCustomer[]): string {
  const rows = customers.map((c) => [
    c.displayName.trim(),
    c.company,
    c.email,
    c.phone,
    c.mobile,
    c.fax,
    c.website,
    c.street,
    c.city,
    c.state,
    c.zip,
    c.country,
    '',
    '',
    '',
  ]);
  return quickBooksCsv(QUICKBOOKS_CUSTOMER_HEADERS, rows);
}

/** The agreement lines' names as QuickBooks Online services (income account left to QuickBooks's default). */
export function quickBooksProductsCsv(products: readonly { name: string; description: string; rate: number }[]): string {
  const rows = products.map((p) => [p.name, '', 'Service', p.description, quickBooksRate(p.rate), '']);
  return quickBooksCsv(QUICKBOOKS_PRODUCT_HEADERS, rows);
}
