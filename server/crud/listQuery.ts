import { and, asc, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Entity } from '../../src/schema/defineEntity';
import type { Db } from '../db/connection';
import { isTextKind, type AnyEntityTable } from '../db/tableFromEntity';
import type { ListParams } from './listParams';

/** `%term%` with LIKE's own wildcards taken literally. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function searchCondition(entity: Entity, table: AnyEntityTable, term: string): SQL | undefined {
  const pattern = containsPattern(term);
  const matches = entity.searchFields.map((f) => {
    const column = table[f.name] as PgColumn;
    return isTextKind(f.kind) ? sql`${column} ILIKE ${pattern}` : sql`${column}::text ILIKE ${pattern}`;
  });
  return matches.length ? or(...matches) : undefined;
}

export function listConditions(entity: Entity, table: AnyEntityTable, params: ListParams, extra: SQL[] = []): SQL | undefined {
  const conditions: (SQL | undefined)[] = [...extra];
  if (params.searchTerm) conditions.push(searchCondition(entity, table, params.searchTerm));
  for (const { field, values } of params.filters) {
    const column = table[field.name] as PgColumn;
    const present = values.filter((v) => v !== null);
    const parts: (SQL | undefined)[] = [];
    if (present.length) parts.push(present.length === 1 ? eq(column, present[0]) : inArray(column, present));
    if (present.length < values.length) parts.push(isNull(column));
    conditions.push(parts.length === 1 ? parts[0] : or(...parts));
  }
  const defined = conditions.filter((c): c is SQL => c !== undefined);
  return defined.length ? and(...defined) : undefined;
}

export function listOrder(entity: Entity, table: AnyEntityTable, params: ListParams): SQL[] {
  const direction = params.sort.direction === 'DESC' ? desc : asc;
  const field = entity.field(params.sort.field);
  const column = table[params.sort.field] as PgColumn;
  // Text sorts case-insensitively, like a person reads a list; id keeps pages stable.
  const key = field && isTextKind(field.kind) ? sql`lower(${column})` : column;
  return [direction(key), direction(table.id as PgColumn)];
}

/**
 * One page and the total count, as two queries: the page can stop early on an ordered
 * index while the count uses the search indexes (DESIGN "Performance notes").
 */
export async function runList(
  db: Db,
  entity: Entity,
  table: AnyEntityTable,
  params: ListParams,
  extra: SQL[] = [],
): Promise<{ rows: Record<string, unknown>[]; count: number }> {
  const where = listConditions(entity, table, params, extra);
  let page = db.select().from(table).where(where).orderBy(...listOrder(entity, table, params)).$dynamic();
  if (params.limit !== undefined) page = page.limit(params.limit);
  if (params.offset) page = page.offset(params.offset);
  const [rows, [{ count }]] = await Promise.all([
    page,
    db.select({ count: sql<number>`count(*)::int` }).from(table).where(where),
  ]);
  return { rows: rows as Record<string, unknown>[], count: Number(count) };
}
