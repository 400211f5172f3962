import { WORK_AREA_NAME_SUGGESTION_LIMIT } from '../../../domain/typeahead';

/** Where the existing work area names come from (SPEC §7 "Lookups"). */
export const WORK_AREA_NAMES_PATH = '/uniqueColumnValues/work_areas/work_area_name';

/** The distinct names of the server's answer: a list of strings, or `{values: [...]}`. */
export function namesFromResponse(body: unknown): string[] {
  const list = Array.isArray(body) ? body : (body as { values?: unknown } | null)?.values;
  if (!Array.isArray(list)) return [];
  const names = list.filter((name): name is string => typeof name === 'string' && name.trim() !== '');
  return [...new Set(names)];
}

/**
 * The suggestions for what is typed (SPEC §5): names containing it, case-insensitively, at
 * most ten; every name (the first ten) when nothing is typed.
 */
export function suggestWorkAreaNames(names: readonly string[], typed: string): string[] {
  const needle = typed.trim().toLowerCase();
  const matching = needle === '' ? names : names.filter((name) => name.toLowerCase().includes(needle));
  return matching.slice(0, WORK_AREA_NAME_SUGGESTION_LIMIT);
}
