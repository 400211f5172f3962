import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  uniqueIndex,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  varchar,
  type AnyPgColumn,
  type PgBooleanBuilderInitial,
  type PgColumn,
  type PgColumnBuilderBase,
  type PgIntegerBuilderInitial,
  type PgJsonbBuilderInitial,
  type PgNumericNumberBuilderInitial,
  type PgSerialBuilderInitial,
  type PgSmallIntBuilderInitial,
  type PgTableWithColumns,
  type PgTextBuilderInitial,
  type PgTimestampBuilderInitial,
  type PgVarcharBuilderInitial,
} from 'drizzle-orm/pg-core';
import type { BuildColumns, HasDefault, HasGenerated, NotNull } from 'drizzle-orm';
import type { Entity, FieldDef, FieldKind, ResolvedField } from '../../src/schema/defineEntity';
import type { AlwaysSet, FieldsOf } from '../../src/schema/recordTypes';
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
    case 'json':
      col = jsonb(f.column);
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
      col = boolean(f.column)
        .notNull()
        .default(f.defaultValue === true);
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

/** The key of the custom values' column, in the tables of entities that have custom fields. */
export const CUSTOM_COLUMN = 'custom';

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

/** The Drizzle column builder of a field, as columnFor makes it (a copied lookup: the text it copies). */
type BuilderOf<F> = F extends { kind: 'string' }
  ? PgVarcharBuilderInitial<string, [string, ...string[]], number>
  : F extends { kind: 'text' | 'richText' }
    ? PgTextBuilderInitial<string, [string, ...string[]]>
    : F extends { kind: 'integer'; sequence: true }
      ? PgSerialBuilderInitial<string>
      : F extends { kind: 'integer' | 'reference' }
        ? PgIntegerBuilderInitial<string>
        : F extends { kind: 'flag' }
          ? PgSmallIntBuilderInitial<string>
          : F extends { kind: 'decimal' }
            ? PgNumericNumberBuilderInitial<string>
            : F extends { kind: 'boolean' }
              ? PgBooleanBuilderInitial<string>
              : F extends { kind: 'datetime' }
                ? PgTimestampBuilderInitial<string>
                : F extends { kind: 'json' }
                  ? PgJsonbBuilderInitial<string>
                  : PgVarcharBuilderInitial<string, [string, ...string[]], number>;

/** Not null where columnFor makes it so; with a default where it has one. */
type ColumnBuilderOf<F> = F extends { kind: 'lookup' }
  ? BuilderOf<F>
  : AlwaysSet<F> extends true
    ? F extends { defaultValue: {} } | { kind: 'boolean' | 'flag' }
      ? NotNull<HasDefault<BuilderOf<F>>>
      : NotNull<BuilderOf<F>>
    : BuilderOf<F>;

/** The fields with a column: all but lookups that are not copied. */
type StoredKeys<F> = { [K in keyof F]: F[K] extends { kind: 'lookup' } ? (F[K] extends { copy: true } ? K : never) : K }[keyof F];

/** The search text column, when the entity searches fields of its own. */
type SearchTextOf<F> = true extends { [K in keyof F]: F[K] extends { search: true } ? true : false }[keyof F]
  ? { [SEARCH_TEXT]: HasGenerated<PgTextBuilderInitial<string, [string, ...string[]]>> }
  : {};

type ColumnBuildersOf<F> = ReturnType<typeof systemColumns> & {
  -readonly [K in StoredKeys<F> & string]: ColumnBuilderOf<F[K]>;
} & SearchTextOf<F>;

/**
 * The Drizzle table of an entity, typed from its declaration: `tables.workAreas.estimateID` is
 * an integer column, not null; selects answer its values typed.
 */
export type EntityTable<E extends Entity<Record<string, FieldDef>>> = PgTableWithColumns<{
  name: string;
  schema: undefined;
  columns: BuildColumns<string, ColumnBuildersOf<FieldsOf<E>>, 'pg'>;
  dialect: 'pg';
}>;

/** A row of an entity's table as an insert takes it. */
export type InsertOf<E extends Entity<Record<string, FieldDef>>> = EntityTable<E>['$inferInsert'];

/**
 * Values checked against their entity's declaration (src/schema/validate.ts: storableValues,
 * valuesToStore) as its typed table's insert: the check at run time is what makes them so.
 */
export const checkedInsert = <E extends Entity<Record<string, FieldDef>>>(_entity: E, values: Record<string, unknown>) =>
  values as InsertOf<E>;

/**
 * The table of an entity known only at run time (the generic routes, list queries): every
 * field is a column of unknown type, so code that knows the entity uses its typed table.
 */
export type AnyEntityTable = PgTableWithColumns<{
  name: string;
  schema: undefined;
  columns: Record<string, PgColumn>;
  dialect: 'pg';
}>;

/**
 * Derives the Drizzle table of an entity from its declaration: one column per field,
 * foreign keys for references, a search text with its trigram index, a b-tree index for
 * each sortable column (so pages can stop early on an ordered index).
 */
export function tableFromEntity<E extends Entity<Record<string, FieldDef>>>(
  entity: E,
  resolveTable: (entity: string) => AnyEntityTable,
): EntityTable<E> {
  const columns: Record<string, PgColumnBuilderBase> = { ...systemColumns(entity.prefix) };
  const stored = storedFields(entity);
  for (const f of stored) columns[f.name] = f.kind === 'lookup' ? copyColumnFor(entity, f, resolveTable) : columnFor(f, resolveTable);
  const searchesOwnFields = ownSearchFields(entity).length > 0;
  if (searchesOwnFields) columns[SEARCH_TEXT] = searchTextColumn(entity);
  if (entity.customFields) columns[CUSTOM_COLUMN] = jsonb(`${entity.prefix}_custom`).notNull().default({});
  const table = pgTable(entity.table, columns, (t) => {
    const indexes = [];
    // Filters by a custom value are containment (`@>`), which this index answers.
    if (entity.customFields) {
      indexes.push(
        index(`${entity.table}_custom_gin`)
          .using('gin', sql`${t[CUSTOM_COLUMN]} jsonb_path_ops`)
          .with({ fastupdate: false }),
      );
    }
    // fastupdate off: a pending list would be scanned linearly by every search until a
    // vacuum flushes it, and PGlite runs no autovacuum.
    if (searchesOwnFields) {
      indexes.push(
        index(`${entity.table}_search_text_trgm`)
          .using('gin', sql`${t[SEARCH_TEXT]} gin_trgm_ops`)
          .with({ fastupdate: false }),
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
  // The columns above are made from the same declaration EntityTable reads.
  return table as unknown as EntityTable<E>;
}
