import { and, asc, desc, eq, gte, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { OFFICE_TIME_ZONE, startOfDayIn } from '../../src/domain/constants';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Entity, ResolvedField } from '../../src/schema/defineEntity';
import type { Db } from '../db/connection';
import {
  CUSTOM_COLUMN,
  isTextKind,
  ownSearchFields,
  SEARCH_SEPARATOR,
  SEARCH_TEXT,
  valueKind,
  type AnyEntityTable,
} from '../db/tableFromEntity';
import { isNumericKind, type CustomFieldDefinition } from '../../src/schema/customFields';
import { fieldExpression, recordSelection, withLookups } from './fieldExpressions';
import type { ListParams } from './listParams';
import { sites } from '../db/entityTables';
import { siteServiceIDsOverlap } from '../db/tables/siteServices';
import { keepsReads, keptRead } from '../db/keptReads';

/** `%term%` with LIKE's own wildcards taken literally. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** A searched column: how it matches a LIKE pattern, and whether its table's search text holds it. */
export interface SearchedColumn {
  matches: (pattern: string) => SQL;
  inSearchText: boolean;
}

export const ilike = (text: SQL | PgColumn) => (pattern: string) => sql`${text} ILIKE ${pattern}`;

/**
 * The term in any of `columns`. Those the search text holds are read from it with one LIKE
 * (both sides lower-cased, as ILIKE does), the rest each on its own. A term holding the
 * search text's separator is tested column by column, so it never matches across two columns.
 */
export function termCondition(term: string, columns: SearchedColumn[], searchText: PgColumn | undefined): SQL | undefined {
  const pattern = containsPattern(term);
  const useSearchText = searchText !== undefined && !term.includes(SEARCH_SEPARATOR);
  const matches: SQL[] = [];
  for (const column of columns) if (!(useSearchText && column.inSearchText)) matches.push(column.matches(pattern));
  if (useSearchText) matches.unshift(sql`${searchText} LIKE lower(${pattern})`);
  return matches.length ? or(...matches) : undefined;
}

/** How a searched field matches: its own column (a looked-up one is copied, see defineEntity) as text. */
function searchedField(entity: Entity, table: AnyEntityTable, field: ResolvedField, own: Set<string>): SearchedColumn {
  const column = fieldExpression(entity, table, field);
  const text = isTextKind(valueKind(entity, field)) ? sql`${column}` : sql`${column}::text`;
  return { matches: ilike(text), inSearchText: own.has(field.name) };
}

/** The term in any of an entity's searched fields, its own ones from its search text. */
export function searchCondition(
  entity: Entity,
  table: AnyEntityTable,
  term: string,
  custom: readonly CustomFieldDefinition[] = [],
): SQL | undefined {
  const own = new Set(ownSearchFields(entity).map((f) => f.name));
  const columns = entity.searchFields.map((f) => searchedField(entity, table, f, own));
  for (const f of custom) columns.push({ matches: ilike(customValue(table, f.key)), inSearchText: false });
  // Absent when the entity searches nothing of its own.
  const searchText: PgColumn | undefined = table[SEARCH_TEXT];
  return termCondition(term, columns, searchText);
}

export function listConditions(entity: Entity, table: AnyEntityTable, params: ListParams, extra: SQL[] = []): SQL | undefined {
  const conditions: (SQL | undefined)[] = [...extra];
  if (params.searchTerm) conditions.push(searchCondition(entity, table, params.searchTerm, params.customSearch));
  for (const filter of params.customFilters) conditions.push(customFilterCondition(table, filter));
  conditions.push(...params.featureConditions);
  for (const { field, values } of params.filters) {
    const column = fieldExpression(entity, table, field);
    const present = values.filter((v) => v !== null);
    const parts: (SQL | undefined)[] = [];
    if (present.length) parts.push(present.length === 1 ? eq(column, present[0]) : inArray(column, present));
    if (present.length < values.length) parts.push(isNull(column));
    conditions.push(parts.length === 1 ? parts[0] : or(...parts));
  }
  for (const { field, years } of params.yearFilters) {
    const column: PgColumn = table[field.name];
    // The office's calendar: an estimate made at 8 pm on New Year's Eve belongs to the old year.
    const inYear = (year: number) =>
      and(gte(column, startOfDayIn(OFFICE_TIME_ZONE, year, 1, 1)), lt(column, startOfDayIn(OFFICE_TIME_ZONE, year + 1, 1, 1)));
    conditions.push(or(...years.map(inYear)));
  }
  for (const { via, serviceIDs } of params.siteServiceFilters) {
    conditions.push(sql`${table[via.name]} IN (SELECT ${sites.id} FROM ${sites} WHERE ${siteServiceIDsOverlap(serviceIDs)})`);
  }
  const defined = conditions.filter((c): c is SQL => c !== undefined);
  return defined.length ? and(...defined) : undefined;
}

/** A custom value as text (`custom->>'key'`). */
const customValue = (table: AnyEntityTable, key: string) => sql`(${table[CUSTOM_COLUMN]} ->> ${key})`;

/** Records holding any of the values (containment, which the column's GIN index answers), or none with null. */
function customFilterCondition(table: AnyEntityTable, { definition, values }: ListParams['customFilters'][number]): SQL | undefined {
  const column: PgColumn = table[CUSTOM_COLUMN];
  const parts = values.map((value) => {
    if (value === null) return sql`NOT (${column} ? ${definition.key})`;
    const held = definition.kind === 'multiChoice' ? [value] : value;
    return sql`${column} @> ${JSON.stringify({ [definition.key]: held })}::jsonb`;
  });
  return or(...parts);
}

/** How a custom field sorts: numbers as numbers, text case-insensitively, days and yes/no as stored. */
function customSortExpression(table: AnyEntityTable, definition: CustomFieldDefinition): SQL {
  if (isNumericKind(definition.kind)) return sql`(${table[CUSTOM_COLUMN]} -> ${definition.key})`;
  if (definition.kind === 'yesNo' || definition.kind === 'date') return customValue(table, definition.key);
  return sql`lower(${customValue(table, definition.key)})`;
}

/** What a list sorts by: its sort column, lower-cased for text (case-insensitive, like a person reads a list). */
export function sortKeyExpression(entity: Entity, table: AnyEntityTable, params: ListParams): SQL | PgColumn {
  if (params.sort.custom) return customSortExpression(table, params.sort.custom);
  const field = entity.field(params.sort.field);
  const column = field ? fieldExpression(entity, table, field) : table[params.sort.field];
  return field && isTextKind(valueKind(entity, field)) ? sql`lower(${column})` : column;
}

export function listOrder(entity: Entity, table: AnyEntityTable, params: ListParams): SQL[] {
  const direction = params.sort.direction === 'DESC' ? desc : asc;
  // id breaks ties, so pages are stable.
  return [direction(sortKeyExpression(entity, table, params)), direction(table.id)];
}

/** A count whose answer depends on the time as well as the rows is never kept. */
const READS_THE_CLOCK =
  /\b(now|clock_timestamp|statement_timestamp|transaction_timestamp|current_date|current_timestamp|localtimestamp)\b/i;

/** What a list's count is kept under (keptRead): its statement and parameters. */
function countKey({ sql, params }: { sql: string; params: unknown[] }): string | undefined {
  if (READS_THE_CLOCK.test(sql)) return undefined;
  return `count ${sql}\u0000${JSON.stringify(params, (_, value: unknown) => (typeof value === 'bigint' ? String(value) : value))}`;
}

/**
 * One page and the total count, as two problems (DESIGN "Performance notes"), each one
 * statement outside any transaction (a round trip costs about what a search matching
 * nothing does). The count of a search reads the trigram index of the search text, and a
 * count of none answers at once. The page is left to the planner, whose estimates of the
 * search text are good (unlike an ILIKE per column): it walks the ordered index and stops
 * early when matches are plentiful, and collects the few matches and sorts them when they
 * are rare (docs/BENCHMARKS.md, from 1k to 100k rows). The count is kept until anything
 * writes (keptRead): paging through a search counts it once.
 */
export async function runList(
  db: Db,
  entity: Entity,
  table: AnyEntityTable,
  params: ListParams,
  extra: SQL[] = [],
): Promise<{ rows: Record<string, unknown>[]; count: number }> {
  const where = listConditions(entity, table, params, extra);
  const pageOf = async () => {
    let page = withLookups(db.select(recordSelection(entity, table)).from(table).$dynamic(), entity, table)
      .where(where)
      .orderBy(...listOrder(entity, table, params));
    if (params.limit !== undefined) page = page.limit(params.limit);
    if (params.offset) page = page.offset(params.offset);
    return (await page) as Record<string, unknown>[];
  };
  const countStatement = withLookups(
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(table)
      .$dynamic(),
    entity,
    table,
  ).where(where);
  // The key is built only where counts are kept (a transaction's statement is built once, when it runs).
  const key = keepsReads(db, { costly: true }) ? countKey(countStatement.toSQL()) : undefined;
  const countOf = () => keptRead(db, key, async () => Number((await countStatement)[0].count), { costly: true });

  if (!params.searchTerm) {
    const [rows, count] = await Promise.all([pageOf(), countOf()]);
    return { rows, count };
  }
  const count = await countOf();
  if (count === 0 || params.limit === 0 || (params.offset ?? 0) >= count) return { rows: [], count };
  return { rows: await pageOf(), count };
}
