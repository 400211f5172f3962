/**
 * react-admin list parameters → the API's list query (DESIGN "Lists", SPEC §4 "Lists"):
 * searchTerm, sortBy, sortDirection, limit, offset = perPage × (page − 1), and one
 * `filter:<column>` holding JSON per other filter.
 */
import type { FilterPayload, PaginationPayload, SortPayload } from 'react-admin';
import type { Entity } from '../schema';
import { FILTER_PREFIX } from '../domain/apiContract';

/**
 * What the list query needs to know of a list: its sort and filter keys, and for entities the
 * fields, so that a field name may stand for its key. Entities and read-only list views
 * (operations) both have it.
 */
export interface ListShape {
  sortKeys: ReadonlyMap<string, string>;
  filterKeys: ReadonlyMap<string, string>;
  field?: Entity['field'];
}

/** The filter key react-admin's search inputs use; it travels as `searchTerm`. */
export const SEARCH_FILTER = 'q';

export interface ListRequest {
  pagination?: PaginationPayload;
  sort?: SortPayload;
  filter?: FilterPayload;
}

export type ListQuery = Record<string, string | undefined>;

/** Accepts a sort key (customer_name) or a field name (name); `id` means the default sort. */
function sortKeyOf(entity: ListShape, field: string | undefined): string | undefined {
  if (!field || field === 'id') return undefined;
  if (entity.sortKeys.has(field)) return field;
  const declared = entity.field?.(field);
  return declared?.sortable ? declared.key : field;
}

/** Accepts a filter key (customer_id) or a field name (customerID). */
function filterKeyOf(entity: ListShape, name: string): string {
  if (entity.filterKeys.has(name)) return name;
  return entity.field?.(name)?.key ?? name;
}

export function listQuery(entity: ListShape, { pagination, sort, filter }: ListRequest): ListQuery {
  const query: ListQuery = {};
  for (const [name, value] of Object.entries(filter ?? {})) {
    if (value === undefined) continue;
    if (name === SEARCH_FILTER) {
      const term = String(value).trim();
      if (term) query.searchTerm = term;
    } else {
      query[`${FILTER_PREFIX}${filterKeyOf(entity, name)}`] = JSON.stringify(value);
    }
  }
  const sortBy = sortKeyOf(entity, sort?.field);
  if (sortBy) {
    query.sortBy = sortBy;
    query.sortDirection = sort?.order === 'DESC' ? 'DESC' : 'ASC';
  }
  if (pagination && pagination.perPage > 0) {
    const page = Math.max(1, pagination.page);
    query.limit = String(pagination.perPage);
    query.offset = String(pagination.perPage * (page - 1));
  }
  return query;
}
