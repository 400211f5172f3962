import type { Entity } from '../../src/schema/defineEntity';
import { CUSTOM_PREFIX } from '../../src/schema/customFields';
import { FILTER_PREFIX } from '../../src/domain/apiContract';
import type { Db } from '../db/connection';
import { customFieldsOf } from '../db/customFieldDefinitions';
import { tableOf } from '../db/entityTables';
import { parseListParams, type ListParams } from './listParams';

/** Whether a list query reads custom fields: sorted or filtered by one, or searched (text custom fields match too). */
function readsCustomFields(query: Record<string, unknown>): boolean {
  if (typeof query.sortBy === 'string' && query.sortBy.startsWith(CUSTOM_PREFIX)) return true;
  if (typeof query.searchTerm === 'string' && query.searchTerm.trim()) return true;
  return Object.keys(query).some((param) => param.startsWith(`${FILTER_PREFIX}${CUSTOM_PREFIX}`));
}

/**
 * A list's parameters (parseListParams), with the entity's custom fields read when the query
 * needs them, and the conditions of the filters features added, at `now` (the app's clock).
 */
export async function readListParams(db: Db, entity: Entity, query: Record<string, unknown>, now: number): Promise<ListParams> {
  const custom = entity.customFields && readsCustomFields(query) ? await customFieldsOf(db, entity.name) : [];
  const params = parseListParams(entity, query, custom);
  const table = tableOf(entity.name);
  params.featureConditions = await Promise.all(params.featureFilters.map(({ filter, values }) => filter.condition(db, table, values, now)));
  return params;
}
