import { operations, type OperationsTextSource } from '../../src/schema/operations';
import { filterServiceID, MAX_FILTER_VALUES, parseCount, parseSortDirection, refuseRepeatedParams } from '../crud/listParams';
import { badRequest } from '../errors';
import { FILTER_PREFIX } from '../../src/domain/apiContract';

export interface OperationsParams {
  searchTerm?: string;
  sort: { source: OperationsTextSource; direction: 'ASC' | 'DESC' };
  limit?: number;
  offset: number;
  /** Column filters: a row matches when its value is any of `values` (null: no value). */
  columnFilters: { source: OperationsTextSource; values: (string | null)[] }[];
  /** Sites having any of these services. */
  serviceIds?: number[];
}

/** PostgreSQL text cannot hold NUL: such input can match nothing and is refused plainly. */
function checkedText(value: string, what: string): string {
  if (value.includes('\u0000')) throw badRequest(`${what} cannot contain NUL characters.`);
  return value;
}

function parseFilterJson(key: string, raw: unknown): unknown[] {
  if (typeof raw !== 'string') throw badRequest(`Filter ${key} must be given once.`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw badRequest(`Filter ${key} must be JSON.`);
  }
  const values = Array.isArray(parsed) ? parsed : [parsed];
  if (values.length > MAX_FILTER_VALUES) throw badRequest(`Filter ${key} can hold at most ${MAX_FILTER_VALUES} values.`);
  return values;
}

function columnValue(key: string, value: unknown): string | null {
  if (value === null) return null;
  if (typeof value === 'string') return checkedText(value, `Filter ${key}`);
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  throw badRequest(`Filter ${key} must be a JSON array of text values.`);
}

/**
 * The list query of DESIGN "Lists" for operations: allow-listed sort keys and filter columns
 * of src/schema/operations.ts, JSON arrays of scalar values; anything else → 400.
 */
export function parseOperationsParams(query: Record<string, unknown>): OperationsParams {
  refuseRepeatedParams(query);
  const sortKey = typeof query.sortBy === 'string' && query.sortBy !== '' ? query.sortBy : operations.defaultSort.key;
  const sortSource = operations.sortKeys.get(sortKey);
  if (!sortSource || sortSource === 'services') throw badRequest(`Unknown sort key: ${sortKey}.`);

  const direction = parseSortDirection(query, operations.defaultSort.direction);

  const columnFilters: OperationsParams['columnFilters'] = [];
  let serviceIds: number[] | undefined;
  for (const [param, raw] of Object.entries(query)) {
    if (!param.startsWith(FILTER_PREFIX)) continue;
    const key = param.slice(FILTER_PREFIX.length);
    const source = operations.filterKeys.get(key);
    if (!source) throw badRequest(`Unknown filter column: ${key}.`);
    const values = parseFilterJson(key, raw);
    if (values.length === 0) continue;
    if (source === 'services') serviceIds = [...new Set(values.map((v) => filterServiceID(v, key)))];
    else columnFilters.push({ source, values: [...new Set(values.map((v) => columnValue(key, v)))] });
  }

  if (query.searchTerm !== undefined && typeof query.searchTerm !== 'string') throw badRequest('searchTerm must be given once.');
  const searchTerm = typeof query.searchTerm === 'string' ? checkedText(query.searchTerm, 'searchTerm').trim() : undefined;

  return {
    searchTerm: searchTerm || undefined,
    sort: { source: sortSource, direction },
    limit: parseCount('limit', query.limit),
    offset: parseCount('offset', query.offset) ?? 0,
    columnFilters,
    serviceIds,
  };
}
