import type { SQL } from 'drizzle-orm';
import type { Entity, ResolvedField } from '../../src/schema/defineEntity';
import { featureFilter, type FeatureFilter } from './featureFilters';
import { INT4_MAX, isStorableDate } from '../../src/schema/validate';
import { badRequest } from '../errors';
import { FILTER_PREFIX } from '../../src/domain/apiContract';
import {
  checkCustomValue,
  CUSTOM_PREFIX,
  isTextualKind,
  type CustomFieldDefinition,
  type CustomValue,
} from '../../src/schema/customFields';

export interface ListParams {
  searchTerm?: string;
  /** `custom`: sorted by a custom field's value (`sortBy=custom.<key>`, issue 38). */
  sort: { field: string; direction: 'ASC' | 'DESC'; custom?: CustomFieldDefinition };
  limit?: number;
  offset: number;
  /** field name → accepted values (any of them matches). */
  filters: { field: ResolvedField | SystemField; values: unknown[] }[];
  /** A system date in any of these calendar years (the entity's `yearFilters`). */
  yearFilters: { field: SystemField; years: number[] }[];
  /** A site (through the reference field `via`) that has any of these services (the entity's `siteServiceFilters`). */
  siteServiceFilters: { via: ResolvedField; serviceIDs: number[] }[];
  /** A custom field holding any of these values (`filter:custom.<key>`); null: holding none. */
  customFilters: { definition: CustomFieldDefinition; values: (CustomValue | null)[] }[];
  /** The custom fields the search box matches too: those holding text. */
  customSearch: CustomFieldDefinition[];
  /** Filters a feature added (server/crud/featureFilters.ts), with their values checked. */
  featureFilters: { key: string; filter: FeatureFilter; values: string[] }[];
  /** Their conditions, made with the database at hand (readListParams). */
  featureConditions: SQL[];
}

/** A service id in a filter: a positive whole number that fits an id column. */
export function filterServiceID(value: unknown, key: string): number {
  const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 1 || n > INT4_MAX) {
    throw badRequest(`Filter ${key} must be a JSON array of service ids.`);
  }
  return n;
}

/** Years a person files work under; anything else is a typo or a probe. */
export const FILTER_YEAR_MIN = 1900;
export const FILTER_YEAR_MAX = 9999;

function filterYear(value: unknown, key: string): number {
  const n = typeof value === 'string' && /^\d{4}$/.test(value.trim()) ? Number(value) : value;
  if (typeof n === 'number' && Number.isInteger(n) && n >= FILTER_YEAR_MIN && n <= FILTER_YEAR_MAX) return n;
  throw badRequest(`Filter ${key} takes years from ${FILTER_YEAR_MIN} to ${FILTER_YEAR_MAX}.`);
}

export interface SystemField {
  name: 'id' | 'createdAt' | 'updatedAt';
  kind: 'integer' | 'datetime';
}

/** More values than this in one filter is not a choice a person made (and would not fit a URL). */
export const MAX_FILTER_VALUES = 500;

/** A limit or offset: absent (undefined) or a whole number; anything else → 400. */
export function parseCount(name: string, raw: unknown): number | undefined {
  if (raw === undefined || raw === '' || raw === 'null') return undefined;
  const n = Number(raw);
  if (typeof raw !== 'string' || !/^\d+$/.test(raw.trim()) || !Number.isSafeInteger(n)) {
    throw badRequest(`${name} must be a whole number.`);
  }
  return n;
}

function coerceFilterValue(field: ResolvedField | SystemField, value: unknown, key: string): unknown {
  if (value === null) return null;
  switch (field.kind) {
    case 'boolean':
      if (value === true || value === 1 || value === '1' || value === 'true') return true;
      if (value === false || value === 0 || value === '0' || value === 'false') return false;
      break;
    case 'flag':
      // A 0/1 column (smallint): any other number matches nothing and would not fit.
      if (value === true || value === 1 || value === '1' || value === 'true') return 1;
      if (value === false || value === 0 || value === '0' || value === 'false') return 0;
      break;
    case 'integer':
    case 'reference': {
      const n = typeof value === 'string' ? Number(value) : value;
      if (typeof n === 'number' && Number.isInteger(n) && Math.abs(n) <= INT4_MAX) return n;
      break;
    }
    case 'decimal': {
      const n = typeof value === 'string' ? Number(value) : value;
      if (typeof n === 'number' && Number.isFinite(n)) return n;
      break;
    }
    case 'datetime': {
      const d = typeof value === 'string' ? new Date(value) : null;
      if (d && !Number.isNaN(d.getTime()) && isStorableDate(d)) return d;
      break;
    }
    default:
      // PostgreSQL text cannot hold a NUL character.
      if ((typeof value === 'string' && !value.includes('\u0000')) || typeof value === 'number') return String(value);
  }
  throw badRequest(`Invalid value for filter ${key}.`);
}

/**
 * A list parameter given twice (`?searchTerm=a&searchTerm=b`, `sort`, a `filter:` column) is
 * refused like a repeated limit, naming it: taking one of them, or ignoring both, would
 * quietly answer some other list than the one asked for.
 */
export function refuseRepeatedParams(query: Record<string, unknown>): void {
  for (const [param, raw] of Object.entries(query)) {
    if (Array.isArray(raw)) throw badRequest(`${param.slice(0, 100)} can be given only once.`);
  }
}

/** `sortDirection`: ASC or DESC in any case, the list's default when absent; else 400. */
export function parseSortDirection(query: Record<string, unknown>, byDefault: 'ASC' | 'DESC'): 'ASC' | 'DESC' {
  if (query.sortDirection === undefined || query.sortDirection === '') return byDefault;
  const direction = String(query.sortDirection).toUpperCase();
  if (direction !== 'ASC' && direction !== 'DESC') throw badRequest('sortDirection must be ASC or DESC.');
  return direction;
}

/**
 * Reads the list query of DESIGN "Lists": only allow-listed sort keys and filter columns,
 * everything else answered with 400 and a plain message.
 */
export function parseListParams(entity: Entity, query: Record<string, unknown>, custom: readonly CustomFieldDefinition[] = []): ListParams {
  refuseRepeatedParams(query);
  const sortKey = typeof query.sortBy === 'string' && query.sortBy !== '' ? query.sortBy : entity.defaultSort.key;
  const customSort = sortKey.startsWith(CUSTOM_PREFIX) ? custom.find((f) => f.key === sortKey.slice(CUSTOM_PREFIX.length)) : undefined;
  const sortField = customSort ? sortKey : entity.sortKeys.get(sortKey);
  if (!sortField) throw badRequest(`Unknown sort key: ${sortKey.slice(0, 100)}.`);

  const direction = parseSortDirection(query, entity.defaultSort.direction);

  const filters: ListParams['filters'] = [];
  const yearFilters: ListParams['yearFilters'] = [];
  const siteServiceFilters: ListParams['siteServiceFilters'] = [];
  const customFilters: ListParams['customFilters'] = [];
  const featureFilters: ListParams['featureFilters'] = [];
  for (const [param, raw] of Object.entries(query)) {
    if (!param.startsWith(FILTER_PREFIX)) continue;
    const key = param.slice(FILTER_PREFIX.length);
    if (key.startsWith(CUSTOM_PREFIX)) {
      const filter = customFilter(custom, key, raw);
      if (filter.values.length) customFilters.push(filter);
      continue;
    }
    const added = featureFilter(entity.name, key);
    if (added) {
      const values = filterValues(key, raw).map((value) => featureFilterValue(added, value, key));
      if (values.length) featureFilters.push({ key, filter: added, values: [...new Set(values)] });
      continue;
    }
    const fieldName = entity.filterKeys.get(key);
    const field = fieldName ? entity.field(fieldName) : undefined;
    const yearOf = entity.yearFilters?.[key];
    const serviceVia = entity.siteServiceFilters?.[key];
    if (!field && !yearOf && !serviceVia) throw badRequest(`Unknown filter column: ${key}.`);
    const values = filterValues(key, raw);
    if (values.length === 0) continue;
    if (field) filters.push({ field, values: values.map((v) => coerceFilterValue(field, v, key)) });
    else if (yearOf) yearFilters.push({ field: { name: yearOf, kind: 'datetime' }, years: values.map((v) => filterYear(v, key)) });
    else siteServiceFilters.push({ via: entity.field(serviceVia!)!, serviceIDs: [...new Set(values.map((v) => filterServiceID(v, key)))] });
  }

  const searchTerm = typeof query.searchTerm === 'string' ? query.searchTerm.trim() : undefined;
  if (searchTerm?.includes('\u0000')) throw badRequest('searchTerm cannot contain a NUL character.');
  return {
    searchTerm: searchTerm || undefined,
    sort: { field: sortField, direction, ...(customSort ? { custom: customSort } : {}) },
    limit: parseCount('limit', query.limit),
    offset: parseCount('offset', query.offset) ?? 0,
    filters,
    yearFilters,
    siteServiceFilters,
    customFilters,
    customSearch: searchTerm ? custom.filter((f) => isTextualKind(f.kind)) : [],
    featureFilters,
    featureConditions: [],
  };
}

/** One of the values a feature's filter takes; else 400 naming them. */
function featureFilterValue(filter: FeatureFilter, value: unknown, key: string): string {
  // A yes/no filter takes JSON's true and false as well as their text.
  const text = typeof value === 'boolean' ? String(value) : value;
  if (typeof text === 'string' && filter.values.includes(text)) return text;
  throw badRequest(`Filter ${key} takes ${filter.values.slice(0, -1).join(', ')} or ${filter.values.at(-1)}.`);
}

/** A filter's values: JSON, one value or an array of them, at most MAX_FILTER_VALUES; else 400 naming it. */
function filterValues(key: string, raw: unknown): unknown[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(String(raw));
  } catch {
    throw badRequest(`Filter ${key} must be JSON.`);
  }
  const values = Array.isArray(parsed) ? parsed : [parsed];
  if (values.length > MAX_FILTER_VALUES) throw badRequest(`Filter ${key} can hold at most ${MAX_FILTER_VALUES} values.`);
  return values;
}

/** `filter:custom.<key>=…`: a filterable custom field, its values checked as the field checks them. */
function customFilter(custom: readonly CustomFieldDefinition[], key: string, raw: unknown): ListParams['customFilters'][number] {
  const definition = custom.find((f) => f.filterable && f.key === key.slice(CUSTOM_PREFIX.length));
  if (!definition) throw badRequest(`Unknown filter column: ${key.slice(0, 100)}.`);
  const given = filterValues(key, raw);
  // One choice at a time of a several-choices field: the records holding it among theirs.
  const rule = { ...definition, required: false, kind: definition.kind === 'multiChoice' ? ('choice' as const) : definition.kind };
  const values = given.map((value) => {
    if (value === null) return null;
    const outcome = checkCustomValue(rule, value);
    if ('error' in outcome || outcome.value === null) throw badRequest(`Invalid value for filter ${key}.`);
    return outcome.value;
  });
  return { definition, values };
}
