import { asc, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import { alias, type PgColumn, type PgSelect } from 'drizzle-orm/pg-core';
import type { Entity, FieldKind, ResolvedField } from '../../src/schema/defineEntity';
import type { ExportColumn } from '../../src/schema/listExport';
import { VALUE_FORMATS } from '../../src/domain/valueFormats';
import { tableOf, workAreas } from '../db/entityTables';
import { CUSTOM_COLUMN, SEARCH_TEXT, type AnyEntityTable } from '../db/tableFromEntity';

/**
 * A `lookup` field that is not copied (see defineEntity's `copy`) has no column: it is read
 * from the row its reference points to, through a LEFT JOIN of that table (under an alias of
 * its own, one per reference), so lists can return, sort and filter by it like by a column,
 * and the planner can join the two tables as a whole instead of probing once per row.
 */
interface LookupJoin {
  target: AnyEntityTable;
  on: SQL;
}

const joinsByEntity = new Map<string, Map<string, LookupJoin>>();

/** The joins an entity's lookups need, keyed by the reference field they go through. */
function lookupJoins(entity: Entity, table: AnyEntityTable): Map<string, LookupJoin> {
  const cached = joinsByEntity.get(entity.name);
  if (cached) return cached;
  const joins = new Map<string, LookupJoin>();
  for (const f of entity.resolved) {
    if (f.kind !== 'lookup' || f.copy) continue;
    const via = f.lookup && entity.field(f.lookup.via);
    if (!via || via.kind !== 'reference' || !via.references) {
      throw new Error(`${entity.name}.${f.name}: a lookup goes through a reference field`);
    }
    if (joins.has(via.name)) continue;
    const target = alias(tableOf(via.references.entity), `${entity.table}_${via.column}_lookup`) as unknown as AnyEntityTable;
    joins.set(via.name, { target, on: eq(target.id, table[via.name]) });
  }
  joinsByEntity.set(entity.name, joins);
  return joins;
}

/** A select over an entity's table with the joins of its lookups (none: the query as it was). */
export function withLookups<Q extends PgSelect>(query: Q, entity: Entity, table: AnyEntityTable): Q {
  let joined = query;
  for (const { target, on } of lookupJoins(entity, table).values()) joined = joined.leftJoin(target, on) as unknown as Q;
  return joined;
}

/** What a field reads in a query: its column (a copy's own), or the joined column of a lookup. */
export function fieldExpression(entity: Entity, table: AnyEntityTable, field: ResolvedField | { name: string; kind: FieldKind }): PgColumn {
  const { lookup, copy } = field as ResolvedField;
  if (field.kind !== 'lookup' || copy) return table[field.name];
  const target = lookupJoins(entity, table).get(lookup!.via)!.target;
  // A table's columns are indexed by name: a field it lacks is undefined.
  const column: PgColumn | undefined = target[lookup!.field];
  if (!column) throw new Error(`${entity.name}.${field.name}: no field ${lookup!.field} to look up`);
  return column;
}

/** The columns of a record plus its lookups: what GET and lists answer (use with withLookups). */
export function recordSelection(entity: Entity, table: AnyEntityTable): Record<string, PgColumn> {
  // The search text is the list query's, not a field of the record.
  const selection: Record<string, PgColumn> = Object.fromEntries(
    Object.entries(getTableColumns(table) as Record<string, PgColumn>).filter(([key]) => key !== SEARCH_TEXT),
  );
  for (const f of entity.resolved) {
    if (f.kind === 'lookup' && !f.copy) selection[f.name] = fieldExpression(entity, table, f);
  }
  return selection;
}

/**
 * What a named format reads beyond the record's fields: an estimate's work areas as
 * `{ subtotal, tax, isIncluded }` (src/domain/pricing.ts PricedArea, amounts as their exact
 * text), in id order as GET /api/estimates/:id/pricing reads them.
 */
const relatedReads: Record<string, (table: AnyEntityTable) => SQL> = {
  pricedAreas: (table) =>
    sql`(SELECT coalesce(json_agg(json_build_object('subtotal', ${workAreas.subtotal}::text, 'tax', ${workAreas.tax}, 'isIncluded', ${workAreas.isIncluded}) ORDER BY ${asc(workAreas.id)}), '[]'::json) FROM ${workAreas} WHERE ${workAreas.estimateID} = ${table.id})`,
};

/**
 * What an export column's cell reads (use with withLookups): its field; a named format's
 * reads as one JSON array, written by the format on the worker thread; or an export-only
 * looked-up field, as a subquery of the one row it points to, so the list gains no join.
 */
export function exportCellExpression(entity: Entity, table: AnyEntityTable, column: ExportColumn): SQL {
  if (column.custom) return sql`(${table[CUSTOM_COLUMN]} -> ${column.custom.key})`;
  const record = recordSelection(entity, table);
  if (column.lookup) {
    const via = entity.field(column.lookup.via);
    if (!via?.references) throw new Error(`${entity.name}: export column ${column.source} goes through a reference field`);
    const target = tableOf(via.references.entity);
    const looked: PgColumn | undefined = target[column.lookup.field];
    if (!looked) throw new Error(`${entity.name}: no field ${column.lookup.field} to look up for ${column.source}`);
    // Qualified by hand: a reference and the id it points to may share a column name (site_id).
    const row = sql.identifier('export_lookup');
    const from = sql`${sql.identifier(entity.table)}.${sql.identifier(via.column)}`;
    return sql`(SELECT ${row}.${sql.identifier(looked.name)} FROM ${target} AS ${row} WHERE ${row}.${sql.identifier(target.id.name)} = ${from})`;
  }
  if (column.shownAs) {
    const reads = VALUE_FORMATS[column.shownAs].reads.map((read) => {
      const expression = relatedReads[read]?.(table) ?? record[read];
      if (!expression) throw new Error(`${entity.name}: format ${column.shownAs} reads ${read}, which it has not`);
      return sql`${expression}`;
    });
    return sql`json_build_array(${sql.join(reads, sql`, `)})`;
  }
  return sql`${record[column.source]}`;
}
