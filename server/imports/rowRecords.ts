import { contacts, customers, items, sites } from '../../src/schema';
import { CUSTOMER_TYPES } from '../../src/schema/customers';
import type { Entity } from '../../src/schema/defineEntity';
import { requiredMessage, validateRecord } from '../../src/schema/validate';
import {
  cleanCustomerType,
  cleanItemKind,
  cleanNumber,
  cleanPhone,
  cleanState,
  cleanText,
  cleanZip,
  splitFullName,
} from '../../src/domain/importing/cleaning';
import {
  ADDRESS_LINE_3,
  CITY_STATE_ZIP,
  IMPORT_TARGETS,
  MAIN_RECORD,
  targetFieldName,
  type ImportKind,
  type ImportMapping,
  type ImportRecord,
} from '../../src/domain/importing/targets';
import { arrangeAddressLines } from '../../src/domain/importing/addressLines';
import { extraValuesNote, keptInNotesMessage, splitCellList } from '../../src/domain/importing/cellLists';
import type { ImportLayout } from '../../src/domain/importing/layouts';
import { checkCustomValues, customErrorKey, type CustomFieldDefinition } from '../../src/schema/customFields';
import { CUSTOM_COLUMN } from '../db/tableFromEntity';

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
  /** What the row's cells held beyond what the fields take (a list's other phones), kept in the contact's notes. */
  notes: { field: string; message: string }[];
  /** The customer's name, or the contact's, or the item's: how the preview names the row. */
  name: string | null;
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

/** The layout's rules a row is read with (src/domain/importing/layouts.ts). */
export type RowLayout = Pick<ImportLayout, 'defaultType' | 'namedAfterContact'> | null;

/** The first value of a list cell; the others noted (in the contact's notes and the preview). */
function firstOfList(kind: ImportKind, key: string, raw: unknown, what: 'phones' | 'emails', extras: string[], out?: RowRecords) {
  const values = splitCellList(raw);
  if (values.length > 1) {
    const others = what === 'phones' ? values.slice(1).map((v) => formatPhone(cleanPhone(v))) : values.slice(1);
    extras.push(extraValuesNote(what, others));
    const label = IMPORT_TARGETS[kind].find((t) => t.key === key)?.label ?? key;
    out?.notes.push({ field: key, message: keptInNotesMessage(label, values.length) });
  }
  return values[0] ?? null;
}

const formatPhone = ({ phone, extension }: ReturnType<typeof cleanPhone>) => (extension ? `${phone} x${extension}` : (phone ?? ''));

/** The cleaned values of one record's targets in a row, by field; `given` says if any was non-empty. */
function recordValues(kind: ImportKind, record: ImportRecord, cells: readonly unknown[], indexes: ColumnIndexes, out?: RowRecords) {
  const values: Values = {};
  const extras: string[] = [];
  let given = false;
  for (const target of IMPORT_TARGETS[kind]) {
    if (target.record !== record) continue;
    const index = indexes.get(target.key);
    let raw = index === undefined || index < 0 ? null : cells[index + 1];
    if (target.field === 'phone' || target.field === 'email')
      raw = firstOfList(kind, target.key, raw, target.field === 'phone' ? 'phones' : 'emails', extras, out);
    if (target.field === 'phone') {
      const { phone, extension } = cleanPhone(raw);
      values.phone = phone;
      if (extension && !values.phoneExtension) values.splitExtension = extension;
      given ||= phone !== null;
    } else if (target.field === 'type') {
      const name = cleanCustomerType(raw);
      values.type = name === null ? null : CUSTOMER_TYPES.find((t) => t.name === name)!.id;
      // A type alone does not make a record.
    } else {
      const value = cleanFor(target.field, raw);
      values[targetFieldName(target)] = value;
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
  if (extras.length) values.notes = extras.join('\n');
  return { values, given };
}

/**
 * An address read back into its fields: the lines equal to the customer's or the contact's name
 * dropped, a "City, ST ZIP" line (its own cell, or a line of the block) split; separate city,
 * state and zip cells win.
 */
function arrangeAddress(values: Values, names: unknown[]): void {
  const block = values[CITY_STATE_ZIP];
  const third = values[ADDRESS_LINE_3];
  delete values[CITY_STATE_ZIP];
  delete values[ADDRESS_LINE_3];
  if (!values.address1 && !values.address2 && !third && !block) return;
  const lines = third === undefined ? [values.address1, values.address2] : [values.address1, values.address2, third];
  const given = { city: values.city as string | null, state: values.state as string | null, zip: values.zip as string | null };
  Object.assign(
    values,
    arrangeAddressLines(
      lines,
      names,
      { city: given.city ?? undefined, state: given.state ?? undefined, zip: given.zip ?? undefined },
      block,
    ),
  );
}

const fullNameOf = (contact: Values | undefined) =>
  [contact?.firstName, contact?.lastName].filter((part) => typeof part === 'string' && part).join(' ') || null;

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
export function rowRecords(
  kind: ImportKind,
  cells: readonly unknown[],
  indexes: ColumnIndexes,
  layout: RowLayout = null,
  custom: readonly CustomFieldDefinition[] = [],
): RowRecords {
  const out = declaredRecords(kind, cells, indexes, layout);
  const record = MAIN_RECORD[kind];
  if (custom.length && out[record]) out[record] = { ...out[record], custom: customValues(custom, cells, indexes, record, out) };
  return out;
}

/**
 * The main record's custom values (issue 38): each mapped cell checked as the field checks a
 * form's value (a required field without one is the row's error); an update writes those given.
 */
function customValues(
  custom: readonly CustomFieldDefinition[],
  cells: readonly unknown[],
  indexes: ColumnIndexes,
  record: ImportRecord,
  out: RowRecords,
) {
  const given: Values = {};
  for (const { key } of custom) {
    const index = indexes.get(customErrorKey(key));
    const raw = index === undefined || index < 0 ? null : cells[index + 1];
    const value =
      raw instanceof Date ? raw.toISOString().slice(0, 10) : typeof raw === 'number' || typeof raw === 'boolean' ? raw : cleanText(raw);
    if (value !== null) given[key] = value;
  }
  const { values, errors } = checkCustomValues(custom, given, undefined);
  for (const [field, message] of Object.entries(errors)) out.errors.push({ field, message });
  if (Object.keys(given).length) out.given[record] = [...(out.given[record] ?? []), CUSTOM_COLUMN];
  return values;
}

function declaredRecords(kind: ImportKind, cells: readonly unknown[], indexes: ColumnIndexes, layout: RowLayout): RowRecords {
  const out: RowRecords = { row: cells[0] as number, errors: [], notes: [], name: null, given: {} };
  const parent = ['customerID'];
  if (kind === 'items') {
    out.item = check(kind, 'item', recordValues(kind, 'item', cells, indexes).values, out);
    out.name = (out.item.name as string | null) ?? null;
    return out;
  }
  if (kind === 'customers') {
    const customer = recordValues(kind, 'customer', cells, indexes).values;
    const contact = recordValues(kind, 'contact', cells, indexes, out);
    const contactName = fullNameOf(contact.values);
    if (layout?.namedAfterContact) customer.name ??= contactName;
    if (layout?.defaultType && (customer.type === null || customer.type === undefined))
      customer.type = CUSTOMER_TYPES.find((t) => t.name === layout.defaultType)!.id;
    const names = [customer.name, contactName];
    arrangeAddress(customer, names);
    const site = recordValues(kind, 'site', cells, indexes).values;
    arrangeAddress(site, names);
    const ownAddress = ADDRESS.some((field) => site[field] !== null && site[field] !== undefined);
    // A customer with no address of its own (a Jobber client with only a service property, a
    // person in an address book) is at its site's.
    if (ownAddress && ADDRESS.every((field) => customer[field] === null || customer[field] === undefined))
      for (const field of ADDRESS) customer[field] = site[field];
    out.name = (customer.name as string | null) ?? contactName;
    out.customer = check(kind, 'customer', customer, out);
    if (contact.given) out.contact = check(kind, 'contact', contact.values, out, parent);
    if (!ownAddress) for (const field of ADDRESS) site[field] = customer[field];
    site.name ??= site.address1 ?? customer.name;
    const siteOut: RowRecords = { row: out.row, errors: [], notes: [], name: null, given: out.given };
    out.site = check(kind, 'site', site, siteOut, parent);
    // Without its own address, the site's errors are the customer's, already listed.
    if (ownAddress) out.errors.push(...siteOut.errors);
    else out.errors.push(...siteOut.errors.filter((e) => !ADDRESS.some((f) => e.field === targetKey(kind, 'site', f))));
    return out;
  }
  const customer = recordValues(kind, 'customer', cells, indexes).values;
  out.customerName = (customer.name as string | null) ?? null;
  out.name = out.customerName;
  if (!out.customerName)
    out.errors.push({ field: targetKey(kind, 'customer', 'name'), message: requiredMessage(customers.field('name')!) });
  if (kind === 'contacts') {
    arrangeAddress(customer, [customer.name]);
    out.customer = customer;
    const contact = recordValues(kind, 'contact', cells, indexes, out).values;
    out.name ??= fullNameOf(contact);
    out.contact = check(kind, 'contact', contact, out, parent);
  } else {
    const site = recordValues(kind, 'site', cells, indexes).values;
    arrangeAddress(site, [customer.name, site.name]);
    out.site = check(kind, 'site', site, out, parent);
  }
  return out;
}

/** A customer created for a contact (contacts kind): checked like the form checks it. */
export function newCustomerOf(records: RowRecords): RowRecords {
  const out: RowRecords = { row: records.row, errors: [], notes: [], name: records.name, given: {} };
  out.customer = check('contacts', 'customer', records.customer ?? {}, out);
  return out;
}
