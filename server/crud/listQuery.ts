import { and, asc, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { getTableConfig, type PgColumn } from 'drizzle-orm/pg-core';
import type { Entity } from '../../src/schema/defineEntity';
import type { Db } from '../db/connection';
import { isTextKind, type AnyEntityTable } from '../db/tableFromEntity';
import { fieldExpression, recordSelection, valueKind } from './fieldExpressions';
import type { ListParams } from './listParams';

/** `%term%` with LIKE's own wildcards taken literally. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function searchCondition(entity: Entity, table: AnyEntityTable, term: string): SQL | undefined {
  const pattern = containsPattern(term);
  const matches = entity.searchFields.map((f) => {
    const column = fieldExpression(entity, table, f);
    return isTextKind(valueKind(entity, f)) ? sql`${column} ILIKE ${pattern}` : sql`${column}::text ILIKE ${pattern}`;
  });
  return matches.length ? or(...matches) : undefined;
}

export function listConditions(entity: Entity, table: AnyEntityTable, params: ListParams, extra: SQL[] = []): SQL | undefined {
  const conditions: (SQL | undefined)[] = [...extra];
  if (params.searchTerm) conditions.push(searchCondition(entity, table, params.searchTerm));
  for (const { field, values } of params.filters) {
    // A lookup's values are bound as they come (no column encoder); eq and inArray take either.
    const column = fieldExpression(entity, table, field) as PgColumn;
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
  const column = field ? fieldExpression(entity, table, field) : (table[params.sort.field] as PgColumn);
  // Text sorts case-insensitively, like a person reads a list; id keeps pages stable.
  const key = field && isTextKind(valueKind(entity, field)) ? sql`lower(${column})` : column;
  return [direction(key), direction(table.id as PgColumn)];
}

/**
 * One page and the total count, as two problems (DESIGN "Performance notes"):
 * - the count of a search uses the trigram indexes (sequential scans are priced out for
 *   that transaction, since the planner prefers to filter every row of a broad match);
 * - the page walks the ordered index and stops early when matches are plentiful, and
 *   collects the few matches first (an init-plan the planner cannot flatten) and sorts
 *   them when they are rare, instead of walking the whole index to find them.
 */
export async function runList(
  db: Db,
  entity: Entity,
  table: AnyEntityTable,
  params: ListParams,
  extra: SQL[] = [],
): Promise<{ rows: Record<string, unknown>[]; count: number }> {
  const where = listConditions(entity, table, params, extra);
  const order = listOrder(entity, table, params);
  const pageOf = async (tx: Db, condition: SQL | undefined) => {
    let page = tx.select(recordSelection(entity, table)).from(table).where(condition).orderBy(...order).$dynamic();
    if (params.limit !== undefined) page = page.limit(params.limit);
    if (params.offset) page = page.offset(params.offset);
    return (await page) as Record<string, unknown>[];
  };
  // The matches, and the rows in the table as the planner estimates them (≤ 0: unknown).
  const countOf = async (tx: Db) => {
    const tableName = getTableConfig(table).name;
    const [row] = await tx
      .select({
        count: sql<number>`count(*)::int`,
        estimate: sql<number>`(SELECT reltuples::float8 FROM pg_class WHERE oid = ${tableName}::regclass)`,
      })
      .from(table)
      .where(where);
    return { count: Number(row.count), estimate: Number(row.estimate) };
  };

  if (!params.searchTerm) {
    const [rows, { count }] = await Promise.all([pageOf(db, where), countOf(db)]);
    return { rows, count };
  }
  return db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL enable_seqscan = off`);
    const { count, estimate } = await countOf(tx as unknown as Db);
    if (count === 0 || params.limit === 0) return { rows: [], count };
    const wanted = (params.offset ?? 0) + (params.limit ?? count);
    const total = estimate > 0 ? estimate : count;
    // Walking the ordered index reads about wanted × total / count rows; collecting the
    // matches reads about count rows. Take the cheaper.
    const walkIndex = wanted * total < count * count;
    const idColumn = table.id as PgColumn;
    const condition = walkIndex
      ? where
      : sql`${idColumn} = ANY(ARRAY(${tx.select({ id: idColumn }).from(table).where(where)}))`;
    return { rows: await pageOf(tx as unknown as Db, condition), count };
  });
}
