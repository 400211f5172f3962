import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import { operations } from '../../schema/operations';
import type { YardstickDataProvider } from '../../providers/dataProvider';

export const filterValuesKey = (column: string) => [operations.name, 'filterValues', column];

/**
 * The distinct values of one operations column (GET /api/operations/filterValues/:column),
 * loaded the first time its popover opens and kept for the session (SPEC §7: loaded once per
 * column and cached).
 */
export function useOperationsFilterValues(column: string) {
  const dataProvider = useDataProvider<YardstickDataProvider>();
  return useQuery({
    queryKey: filterValuesKey(column),
    queryFn: () => dataProvider.request<(string | null)[]>('GET', `/${operations.route}/filterValues/${encodeURIComponent(column)}`),
    staleTime: Infinity,
    gcTime: Infinity,
  });
}
