import { contacts, customers, items, sites } from '../../src/schema';
import type { Entity } from '../../src/schema/defineEntity';
import { requiredMessage, validateRecord } from '../../src/schema/validate';
import {
  cleanItemKind,
  cleanNumber,
  cleanPhone,
  cleanState,
  cleanText,
  cleanZip,
  splitFullName,
} from '../../src/domain/importing/cleaning';
import { IMPORT_TARGETS, type ImportKind, type ImportMapping, type ImportRecord } from '../../src/domain/importing/targets';

/**
 * One file row turned into the records it makes (issue 25), each cleaned and checked with its
 * declaration's own rules (src/schema/validate.ts), so an invalid row carries the forms'
 * messages. The errors are keyed by the mapping's target keys (`contactLastName`).
 */
type Values = Record<string, unknown>;

export interface RowRecords {
  row: number;
  customer?: Values;
  contact?: Values;
  site?: Values;
  item?: Values;
  /** The customer a contact or site belongs to, by name (contacts and sites kinds). */
  customerName?: string | null;
  errors: { field: string; message: string }[];
  /** By record, the fields the file gave a value (an update writes only those, not defaults). */
  given: Partial<Record<ImportRecord, string[]>>;
}

export const ENTITY_OF: Record<ImportRecord, Entity> = { customer: customers, contact: contacts, site: sites, item: items };

/** Target key → the column's index in a row's cells. */
export type ColumnIndexes = Map<string, number>;

export function columnIndexes(columns: string[], mapping: ImportMapping): ColumnIndexes {
  const indexes: ColumnIndexes = new Map();
  for (const [key, column] of Object.entries(mapping)) if (column) indexes.set(key, columns.indexOf(column));
  return indexes;
}

function cleanFor(field: string | undefined, raw: unknown): unknown {
  switch (field) {
    case 'state':
      return cleanState(raw);
    case 'zip':
      return cleanZip(raw);
    case 'cost':
    case 'price':
    case 'hoursPerUnit':
      return cleanNumber(raw);
    case 'kind':
      return cleanItemKind(raw);
    default:
      return cleanText(raw);
  }
}

/** The cleaned values of one record's targets in a row, by field; `given` says if any was non-empty. */
function recordValues(kind: ImportKind, record: ImportRecord, cells: readonly unknown[], indexes: ColumnIndexes) {
  const values: Values = {};
  let given = false;
  for (const target of IMPORT_TARGETS[kind]) {
    if (target.record !== record) continue;
    const index = indexes.get(target.key);
    const raw = index === undefined || index < 0 ? null : cells[index + 1];
    const value = target.field === 'phone' ? cleanPhone(raw) : cleanFor(target.field, raw);
    if (target.field === 'phone') {
      const { phone, extension } = value as ReturnType<typeof cleanPhone>;
      values.phone = phone;
      if (extension && !values.phoneExtension) values.splitExtension = extension;
      given ||= phone !== null;
    } else {
      values[target.field ?? target.key.replace(/^contact/, '').replace(/^./, (c) => c.toLowerCase())] = value;
      given ||= value !== null;
    }
  }
  if ('fullName' in values) {
    const split = splitFullName(values.fullName);
    values.firstName ??= split.firstName;
    values.lastName ??= split.lastName;
    delete values.fullName;
  }
  if ('splitExtension' in values) {
    values.phoneExtension ??= values.splitExtension;
    delete values.splitExtension;
  }
  return { values, given };
}

const ADDRESS = ['address1', 'address2', 'city', 'county', 'state', 'zip'] as const;

/** The target key of a record's field in this kind (for the preview's `field`). */
function targetKey(kind: ImportKind, record: ImportRecord, field: string): string {
  return IMPORT_TARGETS[kind].find((t) => t.record === record && t.field === field)?.key ?? field;
}

function check(kind: ImportKind, record: ImportRecord, values: Values, out: RowRecords, omit: string[] = []): Values {
  out.given[record] = Object.keys(values).filter((k) => values[k] !== null && values[k] !== undefined);
  const { values: stored, errors } = validateRecord(ENTITY_OF[record], values, { omit });
  for (const [field, message] of Object.entries(errors)) out.errors.push({ field: targetKey(kind, record, field), message });
  for (const name of omit) delete stored[name];
  return stored;
}

/**
 * The records of a row. Customers: the customer, a contact when any contact column has a
 * value, and a site — the service address when the row has one, else the customer's own
 * (named by the site name column, else its address line 1). Contacts and sites: the record and
 * its customer's name (and for contacts the customer's address, used when it is created).
 * Items: the item.
 */
export function rowRecords(kind: ImportKind, cells: readonly unknown[], indexes: ColumnIndexes): RowRecords {
  const out: RowRecords = { row: cells[0] as number, errors: [], given: {} };
  const parent = ['customerID'];
  if (kind === 'items') {
    out.item = check(kind, 'item', recordValues(kind, 'item', cells, indexes).values, out);
    return out;
  }
  if (kind === 'customers') {
    const customer = recordValues(kind, 'customer', cells, indexes).values;
    out.customer = check(kind, 'customer', customer, out);
    const contact = recordValues(kind, 'contact', cells, indexes);
    if (contact.given) out.contact = check(kind, 'contact', contact.values, out, parent);
    const site = recordValues(kind, 'site', cells, indexes).values;
    const ownAddress = ADDRESS.some((field) => site[field] !== null && site[field] !== undefined);
    if (!ownAddress) for (const field of ADDRESS) site[field] = customer[field];
    site.name ??= site.address1 ?? customer.name;
    const siteOut: RowRecords = { row: out.row, errors: [], given: out.given };
    out.site = check(kind, 'site', site, siteOut, parent);
    // Without its own address, the site's errors are the customer's, already listed.
    if (ownAddress) out.errors.push(...siteOut.errors);
    else out.errors.push(...siteOut.errors.filter((e) => !ADDRESS.some((f) => e.field === targetKey(kind, 'site', f))));
    return out;
  }
  const customer = recordValues(kind, 'customer', cells, indexes).values;
  out.customerName = (customer.name as string | null) ?? null;
  if (!out.customerName)
    out.errors.push({ field: targetKey(kind, 'customer', 'name'), message: requiredMessage(customers.field('name')!) });
  if (kind === 'contacts') {
    out.customer = customer;
    out.contact = check(kind, 'contact', recordValues(kind, 'contact', cells, indexes).values, out, parent);
  } else {
    out.site = check(kind, 'site', recordValues(kind, 'site', cells, indexes).values, out, parent);
  }
  return out;
}

/** A customer created for a contact (contacts kind): checked like the form checks it. */
export function newCustomerOf(records: RowRecords): RowRecords {
  const out: RowRecords = { row: records.row, errors: [], given: {} };
  out.customer = check('contacts', 'customer', records.customer ?? {}, out);
  return out;
}
