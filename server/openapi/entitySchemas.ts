import { z } from 'zod';
import type { Entity, FieldKind, ResolvedField } from '../../src/schema/defineEntity';
import { INT4_MAX } from '../../src/schema/validate';
import { featureFiltersOf } from '../crud/featureFilters';
import { FILTER_PREFIX } from '../../src/domain/apiContract';
import { valueKind } from '../db/tableFromEntity';
import { idSchema } from './commonSchemas';

/**
 * The OpenAPI shapes of a declared entity, made from its declaration (the same one that makes
 * its table, its routes and its validation): the stored record, the body of a create and of a
 * PUT, and the list query. Built once per entity, so the document names each shape once.
 */

const PascalCase = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);

/** An ISO 8601 time, as JSON carries a stored timestamp (e.g. 2026-11-25T14:03:00.000Z). */
export const dateTime = () => z.string().meta({ format: 'date-time' });

/** What a field holds in a response. */
function valueSchema(kind: FieldKind, field?: Pick<ResolvedField, 'choices'>): z.ZodType {
  const choices = field?.choices ?? [];
  if (choices.length && choices.every((choice) => typeof choice === 'string')) return z.enum(choices as [string, ...string[]]);
  if (choices.length) {
    const literals = choices.map((choice) => z.literal(choice));
    return literals.length === 1 ? literals[0] : z.union(literals as [z.ZodLiteral, z.ZodLiteral, ...z.ZodLiteral[]]);
  }
  switch (kind) {
    case 'integer':
    case 'reference':
      return z.number().int();
    case 'decimal':
      return z.number();
    case 'boolean':
      return z.boolean();
    case 'flag':
      return z.union([z.literal(0), z.literal(1)]);
    case 'datetime':
      return dateTime();
    case 'json':
      // A structured value read by the field's own parse (e.g. a work area's snow sheet, issue 41).
      return z.record(z.string(), z.unknown());
    default:
      return z.string();
  }
}

/** What a request may send for a field: the stored form, with the declaration's bounds. */
function inputSchema(field: ResolvedField): z.ZodType {
  let schema = valueSchema(field.kind, field);
  if (field.kind === 'reference') schema = idSchema;
  else if (schema instanceof z.ZodString && field.max !== undefined) schema = schema.max(field.max);
  else if (schema instanceof z.ZodNumber) {
    let bounded: z.ZodNumber = schema;
    if (field.min !== undefined) bounded = bounded.min(field.min);
    if (field.max !== undefined) bounded = bounded.max(field.max);
    schema = bounded;
  }
  return schema.describe(field.label);
}

const writable = (entity: Entity) => entity.resolved.filter((f) => !f.readOnly && f.kind !== 'lookup');

/**
 * A form's fields as a request body: required ones must be there, unless they have a default
 * or, in a create, the server fills them in (`filledOnCreate`).
 */
export function formShape(fields: readonly ResolvedField[], { creating = false } = {}): Record<string, z.ZodType> {
  return Object.fromEntries(
    fields.map((f) => {
      const value = inputSchema(f);
      const mustSend = f.required && f.defaultValue === undefined && !(creating && f.filledOnCreate);
      return [f.name, mustSend ? value : value.nullable().optional()];
    }),
  );
}

/** The body of a form declared outside the entity registry (password change, new user). */
export const formBodySchema = (form: { resolved: readonly ResolvedField[] }) => z.object(formShape(form.resolved));

export interface EntitySchemas {
  /** Stem of the names in the document's components, e.g. `TermCondition`. */
  name: string;
  record: z.ZodObject;
  list: z.ZodObject;
  create: z.ZodObject;
  update: z.ZodObject;
  listQuery: z.ZodObject;
}

/**
 * A record's custom values (issue 38): the fields an admin added in Settings › Fields, by key.
 * The document served lists the fields as they are now (server/openapi/customFieldDocs.ts).
 */
const customValuesSchema = (entity: Entity) =>
  z
    .record(z.string(), z.unknown())
    .describe(
      `The ${entity.singular}'s custom fields, by key (GET /api/customFields?entity=${entity.name}). A write changes the keys it gives (null clears one) and keeps the others.`,
    );

const optional = (shape: Record<string, z.ZodType>) =>
  Object.fromEntries(Object.entries(shape).map(([key, value]) => [key, value.optional()]));

function buildSchemas(entity: Entity): EntitySchemas {
  const name = PascalCase(entity.singular.replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ?? '').toUpperCase()));
  const recordShape: Record<string, z.ZodType> = {
    id: idSchema,
    version: z.number().int().min(1).max(INT4_MAX).describe('Goes up by one with every change; a PUT sends the one it was made from.'),
    createdAt: dateTime(),
    updatedAt: dateTime(),
  };
  for (const f of entity.resolved) {
    const value = valueSchema(valueKind(entity, f), f).describe(f.label);
    // A lookup reads a row that may be gone; an optional field may be empty.
    recordShape[f.name] = f.kind === 'lookup' || (!f.required && f.kind !== 'boolean' && f.kind !== 'flag') ? value.nullable() : value;
  }
  const customShape: Record<string, z.ZodType> = entity.customFields ? { custom: customValuesSchema(entity) } : {};
  const record = z.object({ ...recordShape, ...customShape }).describe(`A stored ${entity.singular}.`);

  const create = z
    .object({ ...formShape(writable(entity), { creating: true }), ...optional(customShape) })
    .describe(`A new ${entity.singular}.`);
  const update = z
    .object({
      ...formShape(writable(entity)),
      ...optional(customShape),
      version: z.number().int().min(1).describe('The version the change was made from.'),
    })
    .describe(`A ${entity.singular} as a whole, with the version it was read at.`);

  const listShape: Record<string, z.ZodType> = { [entity.listKey]: z.array(record) };
  if (entity.listCount !== false) listShape.count = z.number().int().min(0).describe('How many match, before limit and offset.');
  const list = z.object(listShape).describe(`A page of ${entity.plural}.`);

  const listQuery = listQuerySchema({
    plural: entity.plural,
    searchLabels: entity.searchFields.map((f) => f.label),
    sortKeys: [...entity.sortKeys.keys()],
    filterKeys: [...entity.filterKeys.keys()],
    yearFilterKeys: Object.keys(entity.yearFilters ?? {}),
    serviceFilterKeys: Object.keys(entity.siteServiceFilters ?? {}),
    featureFilters: featureFiltersOf(entity.name).map(([key, filter]) => ({ key, values: filter.values, description: filter.description })),
    defaultSort: entity.defaultSort,
  });
  return { name, record, list, create, update, listQuery };
}

export interface ListQueryShape {
  plural: string;
  /** Labels of what searchTerm matches. */
  searchLabels: string[];
  sortKeys: string[];
  filterKeys: string[];
  yearFilterKeys?: string[];
  serviceFilterKeys?: string[];
  /** Filters features added (server/crud/featureFilters.ts). */
  featureFilters?: { key: string; values: readonly string[]; description: string }[];
  defaultSort: { key: string; direction: 'ASC' | 'DESC' };
}

/** DESIGN "Lists": search, sort, page, and one `filter:<column>` per filterable column. */
export function listQuerySchema(list: ListQueryShape): z.ZodObject {
  const shape: Record<string, z.ZodType> = {
    searchTerm: z
      .string()
      .optional()
      .describe(`Matched case-insensitively anywhere in: ${list.searchLabels.join(', ') || 'nothing (no search columns)'}.`),
    sortBy: z
      .enum(list.sortKeys as [string, ...string[]])
      .optional()
      .describe(`Default ${list.defaultSort.key}.`),
    sortDirection: z.enum(['ASC', 'DESC']).optional().describe(`Default ${list.defaultSort.direction}.`),
    limit: z.string().regex(/^\d+$/).optional().describe(`Page size; absent (or "null") returns all ${list.plural}.`),
    offset: z.string().regex(/^\d+$/).optional().describe('Rows skipped before the page.'),
  };
  for (const key of list.filterKeys) {
    shape[`${FILTER_PREFIX}${key}`] = z.string().optional().describe('JSON: a value, or an array of values (any of them matches).');
  }
  for (const key of list.yearFilterKeys ?? []) {
    shape[`${FILTER_PREFIX}${key}`] = z
      .string()
      .optional()
      .describe("JSON: a year or an array of years (the office's calendar; any of them matches).");
  }
  for (const key of list.serviceFilterKeys ?? []) {
    shape[`${FILTER_PREFIX}${key}`] = z.string().optional().describe('JSON: an array of service ids: the site has any of them.');
  }
  for (const { key, values, description } of list.featureFilters ?? []) {
    shape[`${FILTER_PREFIX}${key}`] = z
      .string()
      .optional()
      .describe(`JSON: one of ${values.join(', ')}, or an array of them. ${description}`);
  }
  return z.object(shape);
}

const cache = new WeakMap<Entity, EntitySchemas>();

export function entitySchemas(entity: Entity): EntitySchemas {
  let schemas = cache.get(entity);
  if (!schemas) cache.set(entity, (schemas = buildSchemas(entity)));
  return schemas;
}

/** Names the entity's shapes in a document's registry, so the document lists each once. */
export function registerEntitySchemas(registry: SchemaRegistry, entity: Entity): void {
  const { name, record, list, create, update } = entitySchemas(entity);
  registry.add(record, { id: name });
  registry.add(list, { id: `${name}List` });
  registry.add(create, { id: `${name}Create` });
  registry.add(update, { id: `${name}Update` });
}

export type SchemaRegistry = z.core.$ZodRegistry<{ id?: string; description?: string }>;
