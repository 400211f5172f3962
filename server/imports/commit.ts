import { eq, sql } from 'drizzle-orm';
import * as tables from '../db/entityTables';
import type { Db } from '../db/connection';
import type { ImportUndo } from '../db/tables/imports';
import { emailKey, phoneKey, siteKey } from '../../src/domain/importing/duplicateKeys';
import type { ImportKind } from '../../src/domain/importing/targets';
import type { ImportPlan, PlannedRow } from './plan';
import { anyOf } from './undo';

/**
 * Carries out an import's plan in the caller's transaction (issue 25 "Commit"): creates in
 * batches (a statement per 500 records, not one per row), updates one by one with the file's
 * non-empty values, keeping each updated record's previous values and new version for the undo.
 */
type TableName = 'customers' | 'contacts' | 'sites' | 'items';
type Values = Record<string, unknown>;

const BATCH = 500;

export interface CommitResult {
  created: number;
  updated: number;
  skipped: number;
  undo: ImportUndo;
}

class Writer {
  readonly undo: ImportUndo = { created: {}, updated: [] };
  constructor(private readonly tx: Db) {}

  /** Inserts every record, in order, and answers their ids. */
  async createAll(table: TableName, records: Values[]): Promise<number[]> {
    const ids: number[] = [];
    const t = tables[table];
    for (let i = 0; i < records.length; i += BATCH) {
      const rows = await this.tx
        .insert(t)
        .values(records.slice(i, i + BATCH) as never[])
        .returning({ id: t.id });
      ids.push(...rows.map((r) => r.id));
    }
    (this.undo.created[table] ??= []).push(...ids);
    return ids;
  }

  /** Sets the record's fields to the file's non-empty values (`given`) that differ; keeps what they were. */
  async update(table: TableName, id: number, values: Values, given: string[] = []): Promise<void> {
    const t = tables[table] as unknown as typeof tables.customers;
    const [current] = (await this.tx.select().from(t).where(eq(t.id, id)).for('update')) as Values[];
    if (!current) return;
    const changes: Values = {};
    const previous: Values = {};
    for (const [field, value] of Object.entries(values)) {
      if (value === null || value === undefined || !given.includes(field) || field === 'customerID' || !(field in current)) continue;
      if (current[field] !== value) {
        changes[field] = value;
        previous[field] = current[field];
      }
    }
    if (!Object.keys(changes).length) return;
    const [row] = await this.tx
      .update(t)
      .set({ ...changes, version: sql`${t.version} + 1`, updatedAt: sql`now()` } as never)
      .where(eq(t.id, id))
      .returning({ version: t.version });
    this.undo.updated.push({ table, id, version: row.version, previous });
  }
}

/** Customers kind, update mode: the duplicate customer's contact (same email or phone) and site (same address), if it has them. */
async function ownRecords(tx: Db, customerIDs: number[]) {
  const contacts = customerIDs.length
    ? await tx
        .select({
          id: tables.contacts.id,
          customerID: tables.contacts.customerID,
          email: tables.contacts.email,
          phone: tables.contacts.phone,
        })
        .from(tables.contacts)
        .where(anyOf(tables.contacts.customerID, customerIDs))
    : [];
  const sites = customerIDs.length
    ? await tx
        .select({ id: tables.sites.id, customerID: tables.sites.customerID, address1: tables.sites.address1 })
        .from(tables.sites)
        .where(anyOf(tables.sites.customerID, customerIDs))
    : [];
  return {
    contactOf: (customerID: number, contact: Values) => {
      const email = emailKey(contact.email);
      const phone = phoneKey(contact.phone);
      return contacts.find(
        (c) => c.customerID === customerID && ((email && emailKey(c.email) === email) || (phone && phoneKey(c.phone) === phone)),
      )?.id;
    },
    siteOf: (customerID: number, site: Values) =>
      sites.find((s) => siteKey(s.customerID, s.address1) === siteKey(customerID, site.address1))?.id,
  };
}

async function commitCustomers(w: Writer, tx: Db, rows: PlannedRow[]): Promise<void> {
  const creates = rows.filter((r) => r.action === 'create');
  const ids = await w.createAll(
    'customers',
    creates.map((r) => r.records.customer!),
  );
  const contacts: Values[] = [];
  const sites: Values[] = [];
  creates.forEach((r, i) => {
    if (r.records.contact) contacts.push({ ...r.records.contact, customerID: ids[i] });
    sites.push({ ...r.records.site, customerID: ids[i] });
  });
  const updates = rows.filter((r) => r.action === 'update');
  const own = await ownRecords(
    tx,
    updates.map((r) => r.existingID!),
  );
  for (const r of updates) {
    const customerID = r.existingID!;
    await w.update('customers', customerID, r.records.customer!, r.records.given.customer);
    if (r.records.contact) {
      const contactID = own.contactOf(customerID, r.records.contact);
      if (contactID) await w.update('contacts', contactID, r.records.contact, r.records.given.contact);
      else contacts.push({ ...r.records.contact, customerID });
    }
    const siteID = own.siteOf(customerID, r.records.site!);
    if (siteID) await w.update('sites', siteID, r.records.site!, r.records.given.site);
    else sites.push({ ...r.records.site, customerID });
  }
  await w.createAll('contacts', contacts);
  await w.createAll('sites', sites);
}

/** Contacts and sites of customers by name; contacts' missing customers are created first. */
async function commitChildren(w: Writer, plan: ImportPlan, table: 'contacts' | 'sites'): Promise<void> {
  const keys = [...plan.newCustomers.keys()];
  const newIDs = await w.createAll(
    'customers',
    keys.map((k) => plan.newCustomers.get(k)!.customer!),
  );
  const customerOf = new Map(keys.map((k, i) => [k, newIDs[i]]));
  const record = (r: PlannedRow) => (table === 'contacts' ? r.records.contact! : r.records.site!);
  const creates = plan.rows.filter((r) => r.action === 'create');
  await w.createAll(
    table,
    creates.map((r) => ({ ...record(r), customerID: r.customerID ?? customerOf.get(r.newCustomerKey!) })),
  );
  const which = table === 'contacts' ? 'contact' : 'site';
  for (const r of plan.rows.filter((x) => x.action === 'update')) await w.update(table, r.existingID!, record(r), r.records.given[which]);
}

export async function commitPlan(tx: Db, kind: ImportKind, plan: ImportPlan): Promise<CommitResult> {
  const w = new Writer(tx);
  if (kind === 'customers') await commitCustomers(w, tx, plan.rows);
  else if (kind === 'items') {
    await w.createAll(
      'items',
      plan.rows.filter((r) => r.action === 'create').map((r) => r.records.item!),
    );
    for (const r of plan.rows.filter((x) => x.action === 'update'))
      await w.update('items', r.existingID!, r.records.item!, r.records.given.item);
  } else await commitChildren(w, plan, kind);
  const count = (action: string) => plan.rows.filter((r) => r.action === action).length;
  return { created: count('create'), updated: count('update'), skipped: count('skip') + plan.invalidRows, undo: w.undo };
}
