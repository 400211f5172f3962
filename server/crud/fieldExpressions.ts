import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { entities } from '../../src/schema';
import type { Entity, FieldKind, ResolvedField } from '../../src/schema/defineEntity';
import { tableOf } from '../db/entityTables';
import type { AnyEntityTable } from '../db/tableFromEntity';

/**
 * A `lookup` field (e.g. an estimate's customerName) has no column: it is read from the row its
 * reference points to, as a correlated subquery, so lists can return, search, sort and filter
 * by it like by a column of their own.
 */
function lookupExpression(entity: Entity, table: AnyEntityTable, field: ResolvedField): SQL {
  const via = field.lookup && entity.field(field.lookup.via);
  if (!via || via.kind !== 'reference' || !via.references) {
    throw new Error(`${entity.name}.${field.name}: a lookup goes through a reference field`);
  }
  const target = tableOf(via.references.entity);
  if (target === table) throw new Error(`${entity.name}.${field.name}: a lookup into its own table is not supported`);
  const targetColumn = target[field.lookup!.field] as PgColumn | undefined;
  if (!targetColumn) throw new Error(`${entity.name}.${field.name}: ${via.references.entity} has no ${field.lookup!.field}`);
  return sql`(SELECT ${targetColumn} FROM ${target} WHERE ${target.id as PgColumn} = ${table[via.name] as PgColumn})`.mapWith(
    targetColumn,
  );
}

/** What a field reads in a query: its column, or the subquery of a lookup. */
export function fieldExpression(entity: Entity, table: AnyEntityTable, field: ResolvedField | { name: string; kind: FieldKind }): PgColumn | SQL {
  if (field.kind === 'lookup') return lookupExpression(entity, table, field as ResolvedField);
  return table[field.name] as PgColumn;
}

/** The kind of the value a field holds (a lookup holds the kind of the field it reads). */
export function valueKind(entity: Entity, field: Pick<ResolvedField, 'kind' | 'lookup'>): FieldKind {
  if (field.kind !== 'lookup' || !field.lookup) return field.kind;
  const via = entity.field(field.lookup.via);
  const target = entities.find((e) => e.name === via?.references?.entity);
  // Users are not a declared entity; their looked-up fields are names.
  return target?.field(field.lookup.field)?.kind ?? 'string';
}

/** The columns of a record plus its lookups: what GET and lists answer. */
export function recordSelection(entity: Entity, table: AnyEntityTable): Record<string, PgColumn | SQL.Aliased> {
  const selection: Record<string, PgColumn | SQL.Aliased> = { ...getTableColumns(table) };
  for (const f of entity.resolved) {
    if (f.kind === 'lookup') selection[f.name] = lookupExpression(entity, table, f).as(f.name);
  }
  return selection;
}
