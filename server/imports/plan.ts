import { MAIN_ENTITY } from '../../src/domain/importing/targets';
import { customFieldsOf } from '../db/customFieldDefinitions';
import { asc } from 'drizzle-orm';
import * as tables from '../db/entityTables';
import type { Db } from '../db/connection';
import { customerKey, customerNameKey, emailKey, itemKey, phoneKey, siteKey } from '../../src/domain/importing/duplicateKeys';
import type { DuplicateMode, ImportKind, ImportMapping } from '../../src/domain/importing/targets';
import { detectLayout } from '../../src/domain/importing/layouts';
import { nextTurn } from './importRecord';
import { columnIndexes, newCustomerOf, rowRecords, type RowRecords } from './rowRecords';

/**
 * What an import would do (issue 25 "preview"), worked out from the file's rows and what the
 * database holds now: the valid rows, each invalid row's field and message, each probable
 * duplicate and its action. The commit works it out again in its transaction and carries it out.
 */
export type RowAction = 'create' | 'update' | 'skip';

export interface PlannedRow {
  records: RowRecords;
  action: RowAction;
  /** The stored record the row duplicates (its customer, contact, site or item). */
  existingID?: number;
  /** Contacts and sites: the stored customer, or the key of the customer this import creates. */
  customerID?: number;
  newCustomerKey?: string;
  /** The earlier row of the same file this one repeats (no stored record matches either). */
  sameAsRow?: number;
}

export interface ImportPlan {
  rows: PlannedRow[];
  /** Contacts kind: customers created for them, by name key, from the first row naming each. */
  newCustomers: Map<string, RowRecords>;
  invalid: RowMessage[];
  invalidRows: number;
}

/** A row's message, the row named by its number in the file and its customer's (or item's) name. */
export interface RowMessage {
  row: number;
  name: string | null;
  field: string;
  message: string;
}

export interface Preview {
  valid: number;
  /** The rows refused (each once, whatever the number of its messages): skipped at the commit. */
  invalidRows: number;
  /** What the commit will do with the valid rows; with `invalidRows` they add up to the file's rows. */
  counts: Record<RowAction, number>;
  invalid: RowMessage[];
  /** A stored record's id, or null with `sameAsRow` when the row repeats an earlier one of the file. */
  duplicates: { row: number; name: string | null; existingID: number | null; sameAsRow?: number; action: RowAction }[];
  /** Values kept in the contact's notes (a list cell's other phones or emails). */
  notes: RowMessage[];
}

/** Rows checked in one turn of the event loop: about 50 ms. */
const PLAN_ROWS_PER_TURN = 500;

/** First stored id of each key (the oldest record wins). */
function firstByKey<T extends { id: number }>(rows: T[], keyOf: (row: T) => string | null): Map<string, number> {
  const map = new Map<string, number>();
  for (const row of rows) {
    const key = keyOf(row);
    if (key !== null && !map.has(key)) map.set(key, row.id);
  }
  return map;
}

async function storedCustomers(db: Db) {
  const t = tables.customers;
  const rows = await db.select({ id: t.id, name: t.name, address1: t.address1 }).from(t).orderBy(asc(t.id));
  return { byKey: firstByKey(rows, (r) => customerKey(r.name, r.address1)), byName: firstByKey(rows, (r) => customerNameKey(r.name)) };
}

async function storedContacts(db: Db) {
  const t = tables.contacts;
  const rows = await db.select({ id: t.id, email: t.email, phone: t.phone }).from(t).orderBy(asc(t.id));
  return { byEmail: firstByKey(rows, (r) => emailKey(r.email)), byPhone: firstByKey(rows, (r) => phoneKey(r.phone)) };
}

export async function planImport(
  db: Db,
  kind: ImportKind,
  columns: string[],
  rows: unknown[][],
  mapping: ImportMapping,
  mode: DuplicateMode,
): Promise<ImportPlan> {
  const indexes = columnIndexes(columns, mapping);
  const layout = detectLayout(kind, columns);
  const custom = await customFieldsOf(db, MAIN_ENTITY[kind]);
  const plan: ImportPlan = { rows: [], newCustomers: new Map(), invalid: [], invalidRows: 0 };
  const actionOf = (existingID: number | undefined): RowAction => (existingID === undefined ? 'create' : mode);
  const customersStored = kind === 'items' ? undefined : await storedCustomers(db);
  const contactsStored = kind === 'contacts' ? await storedContacts(db) : undefined;
  const sitesByKey =
    kind === 'sites'
      ? firstByKey(
          await db
            .select({ id: tables.sites.id, customerID: tables.sites.customerID, address1: tables.sites.address1 })
            .from(tables.sites)
            .orderBy(asc(tables.sites.id)),
          (r) => siteKey(r.customerID, r.address1),
        )
      : undefined;
  const itemsByKey =
    kind === 'items'
      ? firstByKey(
          await db.select({ id: tables.items.id, name: tables.items.name }).from(tables.items).orderBy(asc(tables.items.id)),
          (r) => itemKey(r.name),
        )
      : undefined;

  // The duplicate keys of the valid rows so far, to the first row of the file that had each.
  const inFile = new Map<string, number>();
  for (const [index, cells] of rows.entries()) {
    // Others' requests are read between two stretches of rows (50,000 rows take seconds).
    if (index > 0 && index % PLAN_ROWS_PER_TURN === 0) await nextTurn();
    const records = rowRecords(kind, cells, indexes, layout, custom);
    const planned: PlannedRow = { records, action: 'create' };
    if (kind === 'contacts' || kind === 'sites') {
      const nameKey = customerNameKey(records.customerName);
      const stored = nameKey ? customersStored!.byName.get(nameKey) : undefined;
      if (stored !== undefined) planned.customerID = stored;
      else if (nameKey && kind === 'contacts') {
        if (!plan.newCustomers.has(nameKey)) {
          const created = newCustomerOf(records);
          records.errors.push(...created.errors);
          if (!created.errors.length && !records.errors.length) plan.newCustomers.set(nameKey, created);
        }
        planned.newCustomerKey = nameKey;
      } else if (nameKey) records.errors.push({ field: 'customerName', message: `No customer is named "${records.customerName}".` });
    }
    if (records.errors.length) {
      plan.invalidRows++;
      for (const error of records.errors) plan.invalid.push({ row: records.row, name: records.name, ...error });
      continue;
    }
    if (kind === 'customers')
      planned.existingID = customersStored!.byKey.get(customerKey(records.customer!.name, records.customer!.address1) ?? '');
    else if (kind === 'items') planned.existingID = itemsByKey!.get(itemKey(records.item!.name) ?? '');
    else if (kind === 'sites') planned.existingID = sitesByKey!.get(siteKey(planned.customerID!, records.site!.address1) ?? '');
    else {
      const email = emailKey(records.contact!.email);
      const phone = phoneKey(records.contact!.phone);
      planned.existingID =
        (email ? contactsStored!.byEmail.get(email) : undefined) ?? (phone ? contactsStored!.byPhone.get(phone) : undefined);
    }
    const keys = rowKeys(kind, planned);
    if (planned.existingID === undefined) planned.sameAsRow = keys.map((key) => inFile.get(key)).find((row) => row !== undefined);
    for (const key of keys) if (!inFile.has(key)) inFile.set(key, records.row);
    // A repeat of an earlier row is created only when the user asks for duplicates to be created.
    planned.action = planned.sameAsRow !== undefined ? (mode === 'create' ? 'create' : 'skip') : actionOf(planned.existingID);
    plan.rows.push(planned);
  }
  return plan;
}

/** The keys by which a valid row duplicates another (the same keys as for stored records). */
function rowKeys(kind: ImportKind, planned: PlannedRow): string[] {
  const { records } = planned;
  const keys =
    kind === 'customers'
      ? [customerKey(records.customer!.name, records.customer!.address1)]
      : kind === 'items'
        ? [itemKey(records.item!.name)]
        : kind === 'sites'
          ? [siteKey(planned.customerID!, records.site!.address1)]
          : [emailKey(records.contact!.email), phoneKey(records.contact!.phone)].map((key, i) => key && `${i}:${key}`);
  return keys.filter((key): key is string => !!key);
}

export function previewOf(plan: ImportPlan): Preview {
  const counts: Record<RowAction, number> = { create: 0, update: 0, skip: 0 };
  for (const r of plan.rows) counts[r.action]++;
  return {
    valid: plan.rows.length,
    invalidRows: plan.invalidRows,
    counts,
    invalid: plan.invalid,
    duplicates: plan.rows
      .filter((r) => r.existingID !== undefined || r.sameAsRow !== undefined)
      .map((r) =>
        r.existingID !== undefined
          ? { row: r.records.row, name: r.records.name, existingID: r.existingID, action: r.action }
          : { row: r.records.row, name: r.records.name, existingID: null, sameAsRow: r.sameAsRow, action: r.action },
      ),
    notes: plan.rows.flatMap((r) => r.records.notes.map((note) => ({ row: r.records.row, name: r.records.name, ...note }))),
  };
}
