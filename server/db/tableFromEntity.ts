import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  uniqueIndex,
  integer,
  numeric,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  varchar,
  type AnyPgColumn,
  type PgColumnBuilderBase,
  type PgTableWithColumns,
} from 'drizzle-orm/pg-core';
import type { Entity, ResolvedField } from '../../src/schema/defineEntity';

/** Columns every stored record has (DESIGN: version, createdAt, updatedAt). */
export function systemColumns(prefix: string) {
  return {
    id: serial(`${prefix}_id`).primaryKey(),
    version: integer(`${prefix}_version`).notNull().default(1),
    createdAt: timestamp(`${prefix}_created_at`, { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp(`${prefix}_updated_at`, { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  };
}

function columnFor(f: ResolvedField, resolveTable: (entity: string) => AnyEntityTable): PgColumnBuilderBase {
  let col;
  switch (f.kind) {
    case 'string':
      col = varchar(f.column, { length: f.max ?? 255 });
      break;
    case 'text':
    case 'richText':
      col = text(f.column);
      break;
    case 'integer':
      // A database sequence: unique and increasing under concurrent inserts, never reused.
      col = f.sequence ? serial(f.column) : integer(f.column);
      break;
    case 'flag':
      col = smallint(f.column).notNull().default(0);
      break;
    case 'decimal':
      // mode 'number': money arrives as a JSON number (DESIGN "Money").
      col = numeric(f.column, { precision: f.precision ?? 12, scale: f.scale ?? 2, mode: 'number' });
      break;
    case 'boolean':
      col = boolean(f.column).notNull().default(f.defaultValue === true);
      break;
    case 'datetime':
      col = timestamp(f.column, { withTimezone: true, mode: 'date' });
      break;
    case 'lookup':
      throw new Error(`${f.name} is a lookup, not a column`);
    case 'reference': {
      const target = f.references!;
      col = integer(f.column).references(() => resolveTable(target.entity).id as AnyPgColumn, {
        onDelete: target.onDelete,
      });
      break;
    }
  }
  if (f.required && f.kind !== 'flag' && f.kind !== 'boolean') col = col.notNull();
  if (f.defaultValue !== undefined && f.defaultValue !== null && f.kind !== 'boolean' && f.kind !== 'flag') {
    col = col.default(f.defaultValue as never).notNull();
  }
  return col;
}

export const isTextKind = (kind: ResolvedField['kind']) => kind === 'string' || kind === 'text' || kind === 'richText';

// The drizzle table type of a generated entity: system columns plus dynamic ones.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyEntityTable = PgTableWithColumns<any>;

/**
 * Derives the Drizzle table of an entity from its declaration: one column per field,
 * foreign keys for references, trigram indexes for search columns, a b-tree index for
 * each sortable column (so pages can stop early on an ordered index).
 */
export function tableFromEntity(entity: Entity, resolveTable: (entity: string) => AnyEntityTable): AnyEntityTable {
  const columns: Record<string, PgColumnBuilderBase> = { ...systemColumns(entity.prefix) };
  const stored = entity.resolved.filter((f) => f.kind !== 'lookup');
  for (const f of stored) columns[f.name] = columnFor(f, resolveTable);
  return pgTable(entity.table, columns, (t) => {
    const indexes = [];
    for (const f of stored) {
      if (f.search && isTextKind(f.kind)) {
        // fastupdate off: a pending list would be scanned linearly by every search until a
        // vacuum flushes it, and PGlite runs no autovacuum.
        indexes.push(
          index(`${entity.table}_${f.column}_trgm`)
            .using('gin', sql`${t[f.name]} gin_trgm_ops`)
            .with({ fastupdate: false }),
        );
      }
      if (f.sortable && (f.kind === 'text' || f.kind === 'richText')) {
        // No b-tree on unbounded text: an entry over ~2.7 kB would make the insert fail.
      } else if (f.sortable && isTextKind(f.kind)) {
        // Lists sort text case-insensitively (server/crud/listQuery.ts orders by lower()).
        indexes.push(index(`${entity.table}_${f.column}_lower_idx`).on(sql`lower(${t[f.name]})`));
      } else if (f.sequence) {
        indexes.push(uniqueIndex(`${entity.table}_${f.column}_key`).on(t[f.name]));
      } else if (f.sortable || f.kind === 'reference') {
        indexes.push(index(`${entity.table}_${f.column}_idx`).on(t[f.name]));
      }
    }
    return indexes;
  });
}
