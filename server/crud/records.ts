import { and, eq, inArray, sql, count as countRows } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { entities } from '../../src/schema';
import type { Entity } from '../../src/schema/defineEntity';
import { validateRecord, type ValidationResult } from '../../src/schema/validate';
import type { Db } from '../db/connection';
import { tableOf } from '../db/entityTables';
import { conflict, formInvalid, notFound } from '../errors';
import { sanitizeRichText } from '../richText';
import { hooksOf } from './entityHooks';

type Row = Record<string, unknown>;

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export function notFoundMessage(entity: Pick<Entity, 'singular'>): string {
  return `${capitalise(entity.singular)} not found.`;
}

export async function findRecord(db: Db, entity: Entity, id: number): Promise<Row | undefined> {
  const table = tableOf(entity.name);
  const [row] = await db.select().from(table).where(eq(table.id as PgColumn, id));
  return row as Row | undefined;
}

export async function getRecord(db: Db, entity: Entity, id: number): Promise<Row> {
  const row = await findRecord(db, entity, id);
  if (!row) throw notFound(notFoundMessage(entity));
  return row;
}

/**
 * A body checked with the schema's rules, its valid fields as column values (rich text
 * sanitised, datetimes as Dates), and the field messages. References are not looked up.
 */
export function storableValues(entity: Entity, body: Row): ValidationResult {
  const { values, errors } = validateRecord(entity, body);
  for (const f of entity.resolved) {
    if (f.kind === 'richText' && typeof values[f.name] === 'string') values[f.name] = sanitizeRichText(values[f.name] as string);
    if (f.kind === 'datetime' && typeof values[f.name] === 'string') values[f.name] = new Date(values[f.name] as string);
  }
  return { values, errors };
}

/** Validates a body with the schema's rules and returns the column values to store. */
export async function valuesToStore(db: Db, entity: Entity, body: Row): Promise<Row> {
  const { values, errors } = storableValues(entity, body);
  for (const f of entity.resolved) {
    if (f.kind === 'reference' && values[f.name] != null && !errors[f.name]) {
      // The target may be a table outside the registry (users).
      const target = tableOf(f.references!.entity);
      const idColumn = target.id as PgColumn;
      const [found] = await db.select({ id: idColumn }).from(target).where(eq(idColumn, values[f.name] as number)).limit(1);
      if (!found) errors[f.name] = `${f.label} does not exist.`;
    }
  }
  if (Object.keys(errors).length) throw formInvalid(errors);
  return values;
}

export async function insertRecord(db: Db, entity: Entity, body: Row): Promise<number> {
  const values = await valuesToStore(db, entity, (await hooksOf(entity.name).prepareCreate?.(db, body)) ?? body);
  const table = tableOf(entity.name);
  const [row] = await db.insert(table).values(values).returning({ id: table.id as PgColumn });
  return row.id as number;
}

export function staleMessage(entity: Pick<Entity, 'singular'>): string {
  return `This ${entity.singular} was changed by someone else since you opened it. Reload it to see their changes.`;
}

/**
 * Full-body update. Fields missing from the body keep their stored value; a `version`
 * that is no longer current is refused with 409 and nothing is written.
 */
export async function updateRecord(db: Db, entity: Entity, id: number, body: Row): Promise<Row> {
  const existing = await getRecord(db, entity, id);
  const merged: Row = { ...existing };
  for (const [key, value] of Object.entries(body)) if (value !== undefined) merged[key] = value;
  const values = await valuesToStore(db, entity, merged);
  const table = tableOf(entity.name);
  const idColumn = table.id as PgColumn;
  const versionColumn = table.version as PgColumn;
  const expected = body.version === undefined || body.version === null ? undefined : Number(body.version);
  if (expected !== undefined && !Number.isSafeInteger(expected)) throw formInvalid({ version: 'Version is invalid.' });
  const [row] = await db
    .update(table)
    .set({ ...values, version: sql`${versionColumn} + 1`, updatedAt: sql`now()` })
    .where(expected === undefined ? eq(idColumn, id) : and(eq(idColumn, id), eq(versionColumn, expected)))
    .returning();
  if (!row) {
    if (await findRecord(db, entity, id)) throw conflict(staleMessage(entity));
    throw notFound(notFoundMessage(entity));
  }
  return row as Row;
}

interface Blocker {
  entity: Entity;
  count: number;
}

/**
 * Rows that would stop a delete: children whose reference is `restrict`, found through
 * `cascade` children too (a customer's sites go with it, their estimates do not).
 */
async function findBlockers(db: Db, entity: Entity, ids: number[]): Promise<Blocker[]> {
  if (!ids.length) return [];
  const blockers: Blocker[] = [];
  for (const child of entities) {
    for (const f of child.resolved) {
      if (f.kind !== 'reference' || f.references?.entity !== entity.name) continue;
      const table = tableOf(child.name);
      const column = table[f.name] as PgColumn;
      if (f.references.onDelete === 'restrict') {
        const [{ n }] = await db.select({ n: countRows() }).from(table).where(inArray(column, ids));
        if (Number(n) > 0) blockers.push({ entity: child, count: Number(n) });
      } else if (f.references.onDelete === 'cascade' && child.name !== entity.name) {
        const rows = await db.select({ id: table.id as PgColumn }).from(table).where(inArray(column, ids));
        blockers.push(...(await findBlockers(db, child, rows.map((r) => r.id as number))));
      }
    }
  }
  return blockers;
}

function describeBlockers(entity: Entity, blockers: Blocker[]): string {
  const totals = new Map<Entity, number>();
  for (const b of blockers) totals.set(b.entity, (totals.get(b.entity) ?? 0) + b.count);
  const parts = [...totals].map(([e, n]) => `${n} ${n === 1 ? e.singular : e.plural}`);
  return `This ${entity.singular} cannot be deleted: it still has ${parts.join(' and ')}.`;
}

export async function deleteRecord(db: Db, entity: Entity, id: number): Promise<void> {
  await getRecord(db, entity, id);
  const blockers = await findBlockers(db, entity, [id]);
  if (blockers.length) throw conflict(describeBlockers(entity, blockers));
  const table = tableOf(entity.name);
  await db.delete(table).where(eq(table.id as PgColumn, id));
}
