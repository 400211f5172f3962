import * as tables from '../db/entityTables';
import type { Db } from '../db/connection';
import type { ImportUndo } from '../db/tables/imports';
import { emailKey, phoneKey, siteKey } from '../../src/domain/importing/duplicateKeys';
import type { ImportKind } from '../../src/domain/importing/targets';
import type { ImportPlan, PlannedRow } from './plan';
import { anyOf } from './undo';
import { insertCheckedRecords, updateCheckedRecord } from '../crud/records';
import { CUSTOM_COLUMN } from '../db/tableFromEntity';
import { sameCustomValues } from '../../src/schema/customFields';
import { contacts, customers, items, sites } from '../../src/schema';
import type { Entity } from '../../src/schema/defineEntity';

/**
 * Carries out an import's plan (issue 25 "Commit", issue 36): creates in batches (a statement
 * per batch of records, not one per row), updates one by one with the file's non-empty values,
 * keeping each updated record's previous values and new version for the undo. Every write is a
 * step of `steps` (all in one transaction, or each its own short one: server/imports/writeSteps.ts),
 * which says what it wrote; progress is counted in records written.
 */
type TableName = 'customers' | 'contacts' | 'sites' | 'items';
const ENTITIES: Record<TableName, Entity> = { customers, contacts, sites, items };
type Values = Record<string, unknown>;

/** Records a step creates at most: on PGlite about 120 ms a step, its search indexes deferred (writeSteps.ts). */
const BATCH = 400;
/** Records a step creates at least, however long steps take. */
const MIN_BATCH = 25;

/**
 * The next step's size when steps should take about `targetMs` (PGlite: others wait for a whole
 * step): halved after a step that took more than the target, grown by half after one that took
 * less than half of it. A table whose rows cost more to write (a site's search indexes) gets
 * smaller steps than one whose rows cost less.
 */
export function nextBatchSize(size: number, tookMs: number, targetMs: number): number {
  if (tookMs > targetMs) return Math.max(MIN_BATCH, Math.floor(size / 2));
  if (tookMs < targetMs / 2) return Math.min(BATCH, Math.ceil(size * 1.5));
  return size;
}

export interface CommitResult {
  created: number;
  updated: number;
  skipped: number;
  undo: ImportUndo;
}

/**
 * Where the writes of a commit go, one step at a time; each step's work answers what it wrote,
 * and the step how long it held the database (ms), its wait for it left out.
 */
export interface WriteSteps {
  step(work: (tx: Db) => Promise<ImportUndo>): Promise<number>;
  /** How long a step should take, when others wait for each (PGlite); else steps are as large as they go. */
  targetStepMs?: number;
}

/** How far the commit has got, in records written of `total`, and what it is writing. */
export type CommitProgress = (written: number, total: number, phase: string) => void;

const PHASES: Record<TableName, string> = {
  customers: 'Writing customers',
  contacts: 'Writing contacts',
  sites: 'Writing sites',
  items: 'Writing items',
};

class Writer {
  readonly undo: ImportUndo = { created: {}, updated: [] };
  private written = 0;
  constructor(
    private readonly steps: WriteSteps,
    private readonly total: number,
    private readonly progress: CommitProgress,
  ) {}

  private advance(count: number, table: TableName): void {
    this.written += count;
    this.progress(this.written, this.total, PHASES[table]);
  }

  /** Inserts every record, in order, through the entity's record path (its write hooks), and answers their ids. */
  async createAll(table: TableName, records: Values[]): Promise<number[]> {
    const ids: number[] = [];
    const { targetStepMs } = this.steps;
    let size = BATCH;
    for (let i = 0; i < records.length;) {
      const batch = records.slice(i, i + size);
      i += batch.length;
      const took = await this.steps.step(async (tx) => {
        const created = await insertCheckedRecords(tx, ENTITIES[table], batch);
        ids.push(...created);
        return { created: { [table]: created }, updated: [] };
      });
      this.advance(batch.length, table);
      // Sized by the time the step held the database, not by its wait for it behind others.
      if (targetStepMs) size = nextBatchSize(size, took, targetStepMs);
    }
    (this.undo.created[table] ??= []).push(...ids);
    return ids;
  }

  /** Sets the record's fields to the file's non-empty values (`given`) that differ; keeps what they were. */
  async update(table: TableName, id: number, values: Values, given: string[] = []): Promise<void> {
    const changesOf = (current: Values) => {
      const changes: Values = {};
      for (const [field, value] of Object.entries(values)) {
        if (value === null || value === undefined || !given.includes(field) || field === 'customerID' || !(field in current)) continue;
        if (field === CUSTOM_COLUMN) {
          // The file's custom values over the stored ones (a field it has no column for keeps its value).
          const merged = { ...(current[field] as Values), ...(value as Values) };
          if (!sameCustomValues(merged, current[field])) changes[field] = merged;
        } else if (current[field] !== value) changes[field] = value;
      }
      return changes;
    };
    await this.steps.step(async (tx) => {
      // Through the record path, as the API's updates: an entity's write hooks run for it.
      const changed = await updateCheckedRecord(tx, ENTITIES[table], id, changesOf);
      if (!changed) return { created: {}, updated: [] };
      const updated = { table, id, version: changed.version, previous: changed.previous };
      this.undo.updated.push(updated);
      return { created: {}, updated: [updated] };
    });
    this.advance(1, table);
  }
}

/** Customers kind, update mode: the duplicate customer's contact (same email or phone) and site (same address), if it has them. */
async function ownRecords(db: Db, customerIDs: number[]) {
  const contacts = customerIDs.length
    ? await db
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
    ? await db
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

async function commitCustomers(w: Writer, db: Db, rows: PlannedRow[]): Promise<void> {
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
    db,
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

/** The records the plan writes (created or updated), for the progress. */
function recordsToWrite(kind: ImportKind, plan: ImportPlan): number {
  const acted = plan.rows.filter((r) => r.action !== 'skip');
  if (kind === 'customers') return acted.reduce((sum, r) => sum + 1 + (r.records.contact ? 1 : 0) + (r.records.site ? 1 : 0), 0);
  return acted.length + (kind === 'items' ? 0 : plan.newCustomers.size);
}

/** `db` reads what the plan needs besides; every write goes through `steps`. */
export async function commitPlan(
  db: Db,
  steps: WriteSteps,
  kind: ImportKind,
  plan: ImportPlan,
  progress: CommitProgress = () => undefined,
): Promise<CommitResult> {
  const w = new Writer(steps, recordsToWrite(kind, plan), progress);
  if (kind === 'customers') await commitCustomers(w, db, plan.rows);
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
