import { and, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../db/connection';
import * as tables from '../db/entityTables';
import { demoRecords } from '../db/tables/demoRecords';
import { proposals } from '../db/tables/proposals';

/**
 * The records the demo seed makes, parents first; each with how a person names it and, for
 * the ones a real record can hang under, that record's link to it (a site under a demo
 * customer, an estimate on a demo site…).
 */
export const DEMO_ENTITIES = [
  { entity: 'customers', table: tables.customers, name: (t: typeof tables.customers) => t.name },
  {
    entity: 'contacts',
    table: tables.contacts,
    name: (t: typeof tables.contacts) => sql<string>`trim(coalesce(${t.firstName}, '') || ' ' || ${t.lastName})`,
    parent: { entity: 'customers', column: (t: typeof tables.contacts) => t.customerID },
  },
  {
    entity: 'sites',
    table: tables.sites,
    name: (t: typeof tables.sites) => t.name,
    parent: { entity: 'customers', column: (t: typeof tables.sites) => t.customerID },
  },
  {
    entity: 'estimates',
    table: tables.estimates,
    name: (t: typeof tables.estimates) => t.projectName,
    parent: { entity: 'sites', column: (t: typeof tables.estimates) => t.siteID },
  },
  {
    entity: 'workAreas',
    table: tables.workAreas,
    name: (t: typeof tables.workAreas) => t.name,
    parent: { entity: 'estimates', column: (t: typeof tables.workAreas) => t.estimateID },
  },
  {
    entity: 'workAreaItems',
    table: tables.workAreaItems,
    name: (t: typeof tables.workAreaItems) => t.name,
    parent: { entity: 'workAreas', column: (t: typeof tables.workAreaItems) => t.workAreaID },
  },
] as const;

export type DemoEntity = (typeof DEMO_ENTITIES)[number]['entity'];

/** One of the demo's tables, typed as any of them is (they are all entity tables with an id and a version). */
const asTable = (table: unknown) => table as typeof tables.customers;

interface AnyDemoTable {
  id: PgColumn;
  version: PgColumn;
}

/** Records every row of the demo's tables as the demo's, at its version (run by the seed, on tables it filled from empty). */
export async function recordDemoRecords(tx: Db): Promise<void> {
  for (const { entity, table } of DEMO_ENTITIES) {
    const t = table as unknown as AnyDemoTable;
    await tx.execute(
      sql`INSERT INTO ${demoRecords} (demo_record_entity, demo_record_id, demo_record_version)
          SELECT ${entity}, ${t.id}, ${t.version} FROM ${table} ON CONFLICT DO NOTHING`,
    );
  }
}

const recorded = (entity: string, id: PgColumn) =>
  sql`EXISTS (SELECT 1 FROM ${demoRecords} WHERE ${demoRecords.entity} = ${entity} AND ${demoRecords.recordID} = ${id})`;

/** Why a demo record cannot simply go: changed since it was seeded, or used by a real record. */
export interface DemoBlocker {
  entity: string;
  id: number;
  name: string;
  reason: string;
}

const LIST_MAX = 50;

/** What stands in the way of removing the demo: its records changed since, and real records under them. */
export async function demoBlockers(db: Db): Promise<DemoBlocker[]> {
  const blockers: DemoBlocker[] = [];
  for (const spec of DEMO_ENTITIES) {
    const t = spec.table as unknown as AnyDemoTable;
    const name = (spec.name as (table: unknown) => SQL | PgColumn)(spec.table);
    const changed = await db
      .select({ id: t.id, name: sql<string>`${name}` })
      .from(asTable(spec.table))
      .innerJoin(demoRecords, and(eq(demoRecords.entity, spec.entity), eq(demoRecords.recordID, t.id)))
      .where(ne(t.version, demoRecords.version))
      .limit(LIST_MAX);
    blockers.push(
      ...changed.map((row) => ({ entity: spec.entity, id: row.id as number, name: row.name, reason: 'changed since it was seeded' })),
    );
    if (!('parent' in spec)) continue;
    const parent = (spec.parent.column as (table: unknown) => PgColumn)(spec.table);
    const real = await db
      .select({ id: t.id, name: sql<string>`${name}` })
      .from(asTable(spec.table))
      .where(and(sql`NOT ${recorded(spec.entity, t.id)}`, recorded(spec.parent.entity, parent)))
      .limit(LIST_MAX);
    blockers.push(
      ...real.map((row) => ({
        entity: spec.entity,
        id: row.id as number,
        name: row.name,
        reason: `added to the demo's ${spec.parent.entity} since`,
      })),
    );
  }
  const sent = await db
    .select({ id: proposals.id, name: tables.estimates.projectName })
    .from(proposals)
    .innerJoin(tables.estimates, eq(tables.estimates.id, proposals.estimateID))
    .where(recorded('estimates', proposals.estimateID))
    .limit(LIST_MAX);
  blockers.push(...sent.map((row) => ({ entity: 'proposals', id: row.id, name: row.name, reason: 'a proposal of it was sent' })));
  return blockers;
}

/** How many demo records of each kind are still there. */
export async function demoCounts(db: Db): Promise<Record<DemoEntity, number>> {
  const counts = {} as Record<DemoEntity, number>;
  for (const { entity, table } of DEMO_ENTITIES) {
    const t = table as unknown as AnyDemoTable;
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(asTable(table))
      .where(recorded(entity, t.id));
    counts[entity] = Number(row.n);
  }
  return counts;
}

/** Deletes the demo's records (children go with their parents), then forgets them. */
export async function deleteDemoRecords(tx: Db): Promise<void> {
  for (const { entity, table } of [...DEMO_ENTITIES].reverse()) {
    const t = table as unknown as AnyDemoTable;
    await tx.delete(asTable(table)).where(recorded(entity, t.id));
  }
  await tx.delete(demoRecords).where(
    inArray(
      demoRecords.entity,
      DEMO_ENTITIES.map((e) => e.entity),
    ),
  );
}
