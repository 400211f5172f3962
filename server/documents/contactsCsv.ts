import Papa from 'papaparse';
import { contacts as contactEntity } from '../../src/schema';
import { spreadsheetText } from '../../src/domain/spreadsheetText';

export const CONTACTS_FILE_NAME = 'contacts_export.csv';
export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';
/** Makes Excel read the file as UTF-8 (without it, accented names come out garbled). */
export const UTF8_BOM = '\uFEFF';

/** The contact's exported fields, after the customer's name. */
export const CONTACT_FIELDS = ['firstName', 'lastName', 'phone', 'phoneExtension', 'email'] as const;
export const CUSTOMER_NAME = 'Customer Name';

/** The header: the customer's name, then the contact's fields labelled as in the schema. */
export function contactsCsvHeader(): string[] {
  return [CUSTOMER_NAME, ...CONTACT_FIELDS.map((name) => contactEntity.field(name)!.label)];
}

export type ContactExportRow = Record<'customerName' | (typeof CONTACT_FIELDS)[number], string | null>;

/**
 * Every contact with its customer's name (SPEC §7 "Contacts" export), by customer, last and
 * first name: RFC 4180 CSV (papaparse) with CRLF line ends, UTF-8 with a BOM, every cell passed
 * through the spreadsheet formula guard.
 */
export function contactsCsvFile(rows: ContactExportRow[]): Buffer {
  const data = rows.map((row) => [row.customerName, ...CONTACT_FIELDS.map((name) => row[name])].map((v) => spreadsheetText(v, 'csv')));
  return Buffer.from(UTF8_BOM + Papa.unparse({ fields: contactsCsvHeader(), data }, { newline: '\r\n' }) + '\r\n');
}
