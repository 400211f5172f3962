import { operations } from '../../schema/operations';
import { useApiGet } from '../../providers/useApiGet';

export const filterValuesKey = (column: string) => [operations.name, 'filterValues', column];

/**
 * The distinct values of one operations column (GET /api/operations/filterValues/:column),
 * loaded the first time its popover opens and kept for the session (SPEC §7: loaded once per
 * column and cached).
 */
export const useOperationsFilterValues = (column: string) =>
  useApiGet<(string | null)[]>(filterValuesKey(column), `/${operations.route}/filterValues/${encodeURIComponent(column)}`, { keep: true });
