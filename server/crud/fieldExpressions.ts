import { eq, getTableColumns, type SQL } from 'drizzle-orm';
import { alias, type PgColumn, type PgSelect } from 'drizzle-orm/pg-core';
import type { Entity, FieldKind, ResolvedField } from '../../src/schema/defineEntity';
import { tableOf } from '../db/entityTables';
import { SEARCH_TEXT, type AnyEntityTable } from '../db/tableFromEntity';

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
