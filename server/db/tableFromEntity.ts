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
import type { Entity, FieldKind, ResolvedField } from '../../src/schema/defineEntity';
import { lookedUpField } from '../../src/schema';

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
      throw new Error(`${f.name} is a lookup, not a column (copyColumnFor makes the column of a copied one)`);
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

/** A copied lookup's column: typed like the field it copies, empty when the reference is. */
function copyColumnFor(entity: Entity, f: ResolvedField, resolveTable: (entity: string) => AnyEntityTable): PgColumnBuilderBase {
  const source = lookedUpField(entity, f);
  if (!source || source.kind === 'lookup' || source.kind === 'reference' || source.sequence) {
    throw new Error(`${entity.name}.${f.name}: a copy reads a plain field of a declared entity`);
  }
  return columnFor({ ...source, column: f.column, required: false, defaultValue: undefined }, resolveTable);
}

/** Fields with a column in the entity's table: all but lookups that are not copied. */
export const storedFields = (entity: Entity) => entity.resolved.filter((f) => f.kind !== 'lookup' || f.copy);

/** The kind of the value a field holds (a lookup holds the kind of the field it reads; users' fields are names). */
export const valueKind = (entity: Entity, field: Pick<ResolvedField, 'kind' | 'lookup'>): FieldKind =>
  field.kind === 'lookup' ? (lookedUpField(entity, field)?.kind ?? 'string') : field.kind;

export const isTextKind = (kind: ResolvedField['kind']) => kind === 'string' || kind === 'text' || kind === 'richText';

/** Joins the searched columns of a row in its search text: no search term contains it (see searchCondition). */
export const SEARCH_SEPARATOR = '\u001f';

/** The table's own searched fields (copies included): text, and integers read as their digits. */
export const ownSearchFields = (entity: Entity) =>
  storedFields(entity).filter((f) => f.search && (isTextKind(valueKind(entity, f)) || valueKind(entity, f) === 'integer'));

/** The key of the search-text column in an entity's table (absent when nothing of its own is searched). */
export const SEARCH_TEXT = 'searchText';

/**
 * A stored generated column holding the searched columns lower-cased and joined: one trigram
 * index and one LIKE per row instead of an ILIKE per column (which lower-cases every value of
 * every row it tests), about three times cheaper to count a broad search (docs/BENCHMARKS.md).
 */
function searchTextColumn(entity: Entity) {
  const parts = ownSearchFields(entity).map((f) =>
    valueKind(entity, f) === 'integer' ? `coalesce("${f.column}"::text, '')` : `coalesce("${f.column}", '')`,
  );
  return text(`${entity.prefix}_search_text`).generatedAlwaysAs(sql.raw(`lower(${parts.join(` || chr(31) || `)})`));
}

// The drizzle table type of a generated entity: system columns plus dynamic ones.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyEntityTable = PgTableWithColumns<any>;

/**
 * Derives the Drizzle table of an entity from its declaration: one column per field,
 * foreign keys for references, a search text with its trigram index, a b-tree index for
 * each sortable column (so pages can stop early on an ordered index).
 */
export function tableFromEntity(entity: Entity, resolveTable: (entity: string) => AnyEntityTable): AnyEntityTable {
  const columns: Record<string, PgColumnBuilderBase> = { ...systemColumns(entity.prefix) };
  const stored = storedFields(entity);
  for (const f of stored) columns[f.name] = f.kind === 'lookup' ? copyColumnFor(entity, f, resolveTable) : columnFor(f, resolveTable);
  const searchesOwnFields = ownSearchFields(entity).length > 0;
  if (searchesOwnFields) columns[SEARCH_TEXT] = searchTextColumn(entity);
  return pgTable(entity.table, columns, (t) => {
    const indexes = [];
    // fastupdate off: a pending list would be scanned linearly by every search until a
    // vacuum flushes it, and PGlite runs no autovacuum.
    if (searchesOwnFields) {
      indexes.push(
        index(`${entity.table}_search_text_trgm`).using('gin', sql`${t[SEARCH_TEXT]} gin_trgm_ops`).with({ fastupdate: false }),
      );
    }
    for (const f of stored) {
      const kind = valueKind(entity, f);
      if (f.indexedForViews && isTextKind(kind)) {
        indexes.push(
          index(`${entity.table}_${f.column}_trgm`)
            .using('gin', sql`${t[f.name]} gin_trgm_ops`)
            .with({ fastupdate: false }),
        );
      }
      if (f.sortable && (kind === 'text' || kind === 'richText')) {
        // No b-tree on unbounded text: an entry over ~2.7 kB would make the insert fail.
      } else if ((f.sortable || f.indexedForViews) && isTextKind(kind)) {
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
