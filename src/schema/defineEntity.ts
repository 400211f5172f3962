/**
 * One declaration per entity, shared by the API server (tables, routes, list queries,
 * validation) and the SPA (validation, list columns, form inputs).
 * Nothing here may import from the server or from React.
 */
import type { ChoiceLabels } from '../domain/choiceLabels';
import type { ValueFormatName } from '../domain/valueFormats';

export type FieldKind =
  | 'string' // single-line text with a max length
  | 'text' // multi-line plain text
  | 'richText' // sanitised HTML
  | 'integer'
  | 'decimal' // money and quantities: numeric(12,2) unless `scale` says otherwise
  | 'boolean'
  | 'flag' // an integer 0/1 that the API exposes as 0/1 (SPEC keeps isAuto that way)
  | 'datetime'
  | 'json' // a structured value (jsonb) read by its own `parse`, never listed, sorted or searched
  | 'reference' // integer id of another entity's row (or of a user: `references.entity` 'users')
  | 'lookup'; // read-only: a field of the row a reference points to (no column of its own unless `copy`)

export interface FieldDef {
  kind: FieldKind;
  /** Human label, also the start of the default messages ("Name is required."). */
  label: string;
  /** Database column (snake_case). Defaults to `<prefix>_<snake field>`. */
  column?: string;
  /** Key used by `sortBy` and `filter:<key>`. Defaults to the column name. */
  key?: string;
  required?: boolean;
  /** Longest text (string kinds), or largest value (integer and decimal kinds). */
  max?: number;
  /** Smallest number accepted (integer and decimal kinds). */
  min?: number;
  /**
   * For string kinds: the stored form of an accepted value, applied before the length and
   * the entity's checks (a phone typed in any common shape is stored in the mask).
   */
  canonical?: (value: string) => string;
  /** Overrides of the default messages. */
  messages?: { required?: string; max?: string; min?: string; invalid?: string };
  /** Allowed values (validated, and offered as choices in forms). */
  choices?: readonly (string | number)[];
  /**
   * How the office reads a value of the choices (derived from the domain's list, e.g. the
   * estimate statuses): the list's cells and its export show the label.
   */
  choiceLabels?: ChoiceLabels;
  /**
   * A value shown through a named format of src/domain/valueFormats.ts, which may read other
   * fields too (an estimate's number with its revision): the list's cells and its export.
   */
  shownAs?: ValueFormatName;
  defaultValue?: unknown;
  sortable?: boolean;
  filterable?: boolean;
  /** Matched case-insensitively by `searchTerm`. */
  search?: boolean;
  /** For `reference`: the entity name it points to and what happens when that row goes. */
  references?: { entity: string; onDelete: 'cascade' | 'restrict' | 'set null' };
  /** For `decimal`: digits after the point (default 2) and total precision (default 12). */
  scale?: number;
  precision?: number;
  /** Server-managed: never taken from a request body (e.g. computed totals). */
  readOnly?: boolean;
  /**
   * Required in a stored record, but a create may leave it out: the server fills it in first
   * (an entity hook's `prepareCreate`, server/crud/entityHooks.ts — a term's order after the
   * last). The create body the API documents does not require it, and the New dialog does
   * not ask for it.
   */
  filledOnCreate?: boolean;
  /** For `integer`: assigned by a database sequence on insert (unique, increasing, never reused). */
  sequence?: boolean;
  /** For `json`: the stored form of a value, or the message saying what is wrong with it. */
  parse?: (value: unknown) => { value: unknown } | { error: string };
  /** For `lookup`: the reference field of this entity and the field of the row it points to. */
  lookup?: { via: string; field: string };
  /**
   * For `lookup`: kept in a column of this table by the database (triggers on both tables,
   * server/db/lookupCopies.ts), so lists search it in their search text and sort it on an
   * index of their own, without a join.
   */
  copy?: boolean;
  /**
   * For text kinds searched and sorted by a view outside their entity's list (operations
   * searches and sorts sites by their customer's name): a trigram index and a lower() b-tree
   * of their own, which the list's search text and sort keys do not give.
   */
  indexedForViews?: boolean;
  /** Left out of the default list columns of the SPA. */
  hiddenInList?: boolean;
  /** The list column's heading when it is not the label (SPEC names some columns apart from their inputs). */
  listLabel?: string;
  /** For `decimal`: an amount of dollars (shown and typed as money, not as a quantity). */
  money?: boolean;
  /**
   * For text kinds: its distinct values may be listed (`GET /api/uniqueColumnValues/<table>/<column>`,
   * e.g. the work area name suggestions). Only fields marked so can be listed.
   */
  distinctValues?: boolean;
}

export interface ParentRoute {
  /** Field of this entity holding the parent id, e.g. `customerID`. */
  field: string;
  /** Route segment of the parent, e.g. `customers` → `/api/customers/:id/contacts`. */
  route: string;
  /** Parent entity name (for the 404 when the parent does not exist). */
  entity: string;
}

export interface EntityDef<F extends Record<string, FieldDef> = Record<string, FieldDef>> {
  /** Entity name, also the registry key, e.g. `customers`. */
  name: string;
  /** Table name in the database. */
  table: string;
  /** Route segment under /api, e.g. `customers` or `itemCatalog`. */
  route: string;
  /** Prefix of the default column names, e.g. `customer` → `customer_name`. */
  prefix: string;
  /** Key holding the rows in list responses, e.g. `customers`, `items`. */
  listKey: string;
  /** Human names, for messages ("Customer not found."). */
  singular: string;
  plural: string;
  fields: F;
  defaultSort: { key: string; direction: 'ASC' | 'DESC' };
  parent?: ParentRoute;
  /**
   * Other records that also list this entity under their route, by the field pointing to
   * them: `GET /api/<route>/:id/<entity.route>` (a customer's estimates). The parent's own
   * nested list is implied and not repeated here.
   */
  listedUnder?: ParentRoute[];
  /** Which generated routes exist. All by default. */
  routes?: Partial<Record<'list' | 'get' | 'create' | 'update' | 'delete', boolean>>;
  /** Whether list responses carry `count` (SPEC's services list does not). */
  listCount?: boolean;
  /** Extra sort keys over the system columns, e.g. `{ estimate_created_at: 'createdAt' }`. */
  systemSortKeys?: Partial<Record<string, 'id' | 'createdAt' | 'updatedAt'>>;
  /**
   * Filters by calendar year (in the office's time zone) of a system date, e.g.
   * `{ estimate_created_year: 'createdAt' }`: `filter:estimate_created_year=[2025,2026]`.
   */
  yearFilters?: Partial<Record<string, 'createdAt' | 'updatedAt'>>;
  /**
   * Filters by the services assigned to the site a reference field points to, e.g.
   * `{ estimate_site_service: 'siteID' }`: `filter:estimate_site_service=[3]` (any of them).
   */
  siteServiceFilters?: Partial<Record<string, string>>;
  /** Rules across fields, run on the values that passed their own checks: field → message. */
  check?: (values: Record<string, unknown>) => Record<string, string>;
  /** What the generic screens show (resourceFromEntity); every part has a default. */
  screens?: EntityScreens;
  /**
   * Bulk actions of the list beyond delete (which every list whose delete route exists has):
   * `POST /api/<route>/bulk` (src/domain/bulkActions.ts names them and the fields they set).
   */
  /**
   * Columns the list's export writes after the list's own, which the screen has no room for:
   * a field of the row a reference points to (read by the export alone, so the list's query
   * gains no join), or a named format's value (src/domain/valueFormats.ts).
   */
  exportOnly?: readonly ExportOnlyColumn[];
  /**
   * Whether an admin may add fields of their own to it (issue 38, src/schema/customFields.ts):
   * its table has a `<prefix>_custom` jsonb column, and its records carry `custom: {key: value}`.
   */
  customFields?: boolean;
  bulkActions?: readonly ('archive' | 'unarchive' | 'setStatus' | 'assignService' | 'unassignService')[];
}

/** A column only the export writes: a field of the row a reference points to, a named format, or a field the list leaves out. */
export type ExportOnlyColumn =
  | { name: string; label: string; lookup: { via: string; field: string } }
  | { name: string; label: string; shownAs: ValueFormatName }
  | { name: string; label: string };

/** The generic screens of an entity, declared as data (src/admin/generic renders them). */
export interface EntityScreens {
  /** The navigation label and the list's title; default: the plural, capitalised. */
  title?: string;
  /** The navigation icon, by name (src/admin/generic/entityIcons.ts); default 'Category'. */
  icon?: string;
  /** The list's columns, in order; default: every field not `hiddenInList`. */
  listColumns?: readonly string[];
  /** The fields of the New dialog, in order; default: the required ones a user fills in. */
  createFields?: readonly string[];
  /** The fields of the detail page, in order; default: every one a user fills in. */
  editFields?: readonly string[];
  /** The field that names a record (detail heading, typeahead options); default `name`. */
  titleField?: string;
  /** System dates the list shows too, after a declared column (an estimate's Date after its Number). */
  listSystemColumns?: readonly { field: 'createdAt' | 'updatedAt'; label: string; after: string }[];
}

export const systemFields = ['id', 'version', 'createdAt', 'updatedAt'] as const;

export function snakeCase(name: string): string {
  return name
    .replace(/ID$/, 'Id')
    .replace(/([a-z])([A-Z0-9])/g, '$1_$2')
    .replace(/([0-9])([a-zA-Z])/g, '$1_$2')
    .toLowerCase();
}

export interface ResolvedField extends FieldDef {
  name: string;
  column: string;
  key: string;
}

export interface Entity<F extends Record<string, FieldDef> = Record<string, FieldDef>> extends EntityDef<F> {
  /** Fields with their column and key filled in, in declaration order. */
  resolved: ResolvedField[];
  field(name: string): ResolvedField | undefined;
  /** sortBy key → field name (system fields included). */
  sortKeys: Map<string, string>;
  /** filter key → field name. */
  filterKeys: Map<string, string>;
  searchFields: ResolvedField[];
}

export function defineEntity<const F extends Record<string, FieldDef>>(def: EntityDef<F>): Entity<F> {
  const resolved: ResolvedField[] = Object.entries(def.fields).map(([name, f]) => {
    const column = f.column ?? `${def.prefix}_${snakeCase(name)}`;
    return { ...f, name, column, key: f.key ?? column };
  });
  const sortKeys = new Map<string, string>();
  const filterKeys = new Map<string, string>();
  for (const f of resolved) {
    // A search through a join reads every joined row; a copy is searched in the row's search text.
    if (f.kind === 'lookup' && f.search && !f.copy) throw new Error(`${def.name}.${f.name}: a searched lookup is copied (copy: true)`);
    if (f.sortable) sortKeys.set(f.key, f.name);
    if (f.filterable) filterKeys.set(f.key, f.name);
  }
  for (const [key, system] of Object.entries(def.systemSortKeys ?? {})) {
    if (system) sortKeys.set(key, system);
  }
  if (!sortKeys.has(def.defaultSort.key)) {
    throw new Error(`${def.name}: default sort key ${def.defaultSort.key} is not sortable`);
  }
  const byName = new Map(resolved.map((f) => [f.name, f]));
  return {
    ...def,
    resolved,
    field: (name) => byName.get(name),
    sortKeys,
    filterKeys,
    searchFields: resolved.filter((f) => f.search),
  };
}

/** The options of a field builder: everything of a field but its kind and label. */
export type FieldOptions = Omit<FieldDef, 'kind' | 'label'>;

/**
 * A field as declared: its kind and the options it was given, kept literally (`required: true`,
 * `choices: TAX_CODES`) so that types can be derived from the declaration (./recordTypes.ts and
 * the server's typed tables).
 */
export type Field<K extends FieldKind, O = {}> = { kind: K; label: string } & O;

/** Field builders: they only fill in the kind, so declarations read as a table. */
const builder =
  <K extends FieldKind>(kind: K) =>
  <const O extends FieldOptions = {}>(label: string, opts: O = {} as O): Field<K, O> => ({ kind, label, ...opts });
export const string = builder('string');
export const text = builder('text');
export const richText = builder('richText');
export const integer = builder('integer');
export const decimal = builder('decimal');
export const boolean = builder('boolean');
export const flag = builder('flag');
export const datetime = builder('datetime');
export const json = builder('json');
/** A field of the referenced row, joined in reads (lists can search and sort by it). */
export const lookup = <const O extends Omit<FieldOptions, 'lookup' | 'readOnly'> = {}>(
  label: string,
  via: string,
  field: string,
  opts: O = {} as O,
): Field<'lookup', O & { lookup: { via: string; field: string }; readOnly: true }> => ({
  kind: 'lookup',
  label,
  lookup: { via, field },
  readOnly: true,
  ...opts,
});
export const reference = <const O extends Omit<FieldOptions, 'references'> = {}>(
  label: string,
  references: FieldDef['references'],
  opts: O = {} as O,
): Field<'reference', O & { references: FieldDef['references'] }> => ({ kind: 'reference', label, references, ...opts });
