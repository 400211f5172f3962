import { and, eq, not, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import * as tables from '../db/entityTables';
import type { Db } from '../db/connection';
import type { ImportUndo } from '../db/tables/imports';
import { conflict } from '../errors';

/**
 * Undoes a committed import in the caller's transaction (issue 25): deletes what it created
 * and restores the previous values of what it updated. Refused (409, naming them) when any of
 * those records was changed since (its `version` moved) or is used by a record made since (an
 * estimate on an imported site, a contact added to an imported customer, an imported item in
 * a template or an estimate): nothing is changed then.
 */
type TableName = keyof ImportUndo['created'];

const SINGULAR: Record<TableName, string> = { customers: 'customer', contacts: 'contact', sites: 'site', items: 'item' };
const NAMED_AT_MOST = 10;
/** What was created is deleted in this order: contacts and sites before their customers. */
const DELETION_ORDER = ['contacts', 'sites', 'customers', 'items'] as const;

/** `column = ANY('{1,2,3}'::int[])`: one parameter however many ids (an import may hold 100,000). */
export const anyOf = (column: PgColumn | SQL, ids: number[]): SQL => sql`${column} = ANY(${`{${ids.join(',')}}`}::int[])`;

async function describe(tx: Db, table: TableName, ids: number[]): Promise<string[]> {
  if (!ids.length) return [];
  const t = tables[table] as unknown as typeof tables.customers;
  const rows = await tx
    .select({
      id: t.id,
      name: table === 'contacts' ? sql<string>`concat_ws(' ', ${tables.contacts.firstName}, ${tables.contacts.lastName})` : t.name,
    })
    .from(t)
    .where(anyOf(t.id, ids));
  return rows.map((r) => `${SINGULAR[table]} "${r.name}" (#${r.id})`);
}

async function changedSince(tx: Db, undo: ImportUndo): Promise<string[]> {
  const named: string[] = [];
  for (const table of Object.keys(SINGULAR) as TableName[]) {
    const t = tables[table] as unknown as typeof tables.customers;
    const created = undo.created[table] ?? [];
    const updated = undo.updated.filter((u) => u.table === table);
    const moved = new Set<number>();
    if (created.length) {
      const rows = await tx
        .select({ id: t.id })
        .from(t)
        .where(and(anyOf(t.id, created), sql`${t.version} <> 1`));
      rows.forEach((r) => moved.add(r.id));
    }
    if (updated.length) {
      const rows = await tx
        .select({ id: t.id, version: t.version })
        .from(t)
        .where(
          anyOf(
            t.id,
            updated.map((u) => u.id),
          ),
        );
      for (const u of updated) if (rows.find((r) => r.id === u.id)?.version !== u.version) moved.add(u.id);
    }
    named.push(...(await describe(tx, table, [...moved])));
  }
  return named;
}

/** Records made since that use what the import created. */
async function usedSince(tx: Db, undo: ImportUndo): Promise<string[]> {
  const customers = undo.created.customers ?? [];
  const sites = undo.created.sites ?? [];
  const items = undo.created.items ?? [];
  const usedCustomers = new Set<number>();
  const usedSites = new Set<number>();
  if (customers.length || sites.length) {
    const e = tables.estimates;
    const conditions = [customers.length ? anyOf(e.customerID, customers) : undefined, sites.length ? anyOf(e.siteID, sites) : undefined];
    const rows = await tx
      .selectDistinct({ customerID: e.customerID, siteID: e.siteID })
      .from(e)
      .where(or(...conditions.filter((c) => c !== undefined)));
    for (const r of rows) {
      if (r.customerID !== null && customers.includes(r.customerID)) usedCustomers.add(r.customerID);
      else if (r.siteID !== null) usedSites.add(r.siteID);
    }
  }
  for (const [table, own] of [
    [tables.contacts, undo.created.contacts ?? []],
    [tables.sites, sites],
  ] as const) {
    if (!customers.length) continue;
    const added = await tx
      .selectDistinct({ customerID: table.customerID })
      .from(table)
      .where(own.length ? and(anyOf(table.customerID, customers), not(anyOf(table.id, own))) : anyOf(table.customerID, customers));
    added.forEach((r) => usedCustomers.add(r.customerID));
  }
  const named = [...(await describe(tx, 'customers', [...usedCustomers])), ...(await describe(tx, 'sites', [...usedSites]))];
  if (items.length) {
    const used = new Set<number>();
    for (const t of [tables.templateItems, tables.workAreaItems, tables.priceRules] as const) {
      const rows = await tx
        .selectDistinct({ id: t.itemID })
        .from(t)
        .where(anyOf(t.itemID as PgColumn, items));
      rows.forEach((r) => r.id !== null && used.add(r.id as number));
    }
    named.push(...(await describe(tx, 'items', [...used])));
  }
  return named;
}

/** 409 naming the records when any of what the import wrote was changed or used since; nothing else. */
export async function refuseIfChangedSince(tx: Db, undo: ImportUndo): Promise<void> {
  const blocking = [...new Set([...(await changedSince(tx, undo)), ...(await usedSince(tx, undo))])];
  if (blocking.length) {
    const shown = blocking.slice(0, NAMED_AT_MOST).join(', ');
    const more = blocking.length > NAMED_AT_MOST ? ` and ${blocking.length - NAMED_AT_MOST} more` : '';
    throw conflict(`This import cannot be undone: these records were changed or used since: ${shown}${more}.`);
  }
}

export async function undoImport(tx: Db, undo: ImportUndo): Promise<{ deleted: number; restored: number }> {
  await refuseIfChangedSince(tx, undo);
  return reverseWrites(tx, undo);
}

/** Records an undo step reverses at most (as many as a commit step writes). */
export const UNDO_STEP_RECORDS = 400;

/** The records an undo reverses. */
export const undoSize = (undo: ImportUndo) =>
  undo.updated.length + Object.values(undo.created).reduce((sum, ids) => sum + (ids?.length ?? 0), 0);

/**
 * An undo cut into steps of at most UNDO_STEP_RECORDS records, which `reverseWrites` carries
 * out one after the other in the order it would carry out the whole: the updates restored last
 * first, then what was created deleted, contacts and sites before their customers.
 */
export function undoSteps(undo: ImportUndo): ImportUndo[] {
  const steps: ImportUndo[] = [];
  const lastFirst = [...undo.updated].reverse();
  for (let i = 0; i < lastFirst.length; i += UNDO_STEP_RECORDS)
    steps.push({ created: {}, updated: lastFirst.slice(i, i + UNDO_STEP_RECORDS).reverse() });
  for (const table of DELETION_ORDER) {
    const ids = undo.created[table] ?? [];
    for (let i = 0; i < ids.length; i += UNDO_STEP_RECORDS)
      steps.push({ created: { [table]: ids.slice(i, i + UNDO_STEP_RECORDS) }, updated: [] });
  }
  return steps;
}

/** Restores what was updated (last first) and deletes what was created, unchecked. */
export async function reverseWrites(tx: Db, undo: ImportUndo): Promise<{ deleted: number; restored: number }> {
  let restored = 0;
  for (const u of [...undo.updated].reverse()) {
    const t = tables[u.table] as unknown as typeof tables.customers;
    await tx
      .update(t)
      .set({ ...u.previous, version: sql`${t.version} + 1`, updatedAt: sql`now()` } as never)
      .where(eq(t.id, u.id));
    restored++;
  }
  let deleted = 0;
  for (const table of DELETION_ORDER) {
    const ids = undo.created[table] ?? [];
    const t = tables[table] as unknown as typeof tables.customers;
    if (ids.length) await tx.delete(t).where(anyOf(t.id, ids));
    deleted += ids.length;
  }
  return { deleted, restored };
}
