import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { YardstickDataProvider } from '../../providers/dataProvider';
import { visitsKey, visitsPath, type Visit, type VisitFilters } from './visitQuery';

const NO_FILTERS: VisitFilters = { services: [], crews: [] };

/**
 * The visits from `from` to `to` (inclusive) matching `filters`, through the data provider (its
 * token, its failures' alerts); nothing is asked until there is a range. The previous range's
 * visits stay on screen while the next one's come (no blank month between two).
 */
export function useVisits(range: { from: string; to: string } | null, filters: VisitFilters = NO_FILTERS) {
  const dataProvider = useDataProvider<YardstickDataProvider>();
  const from = range?.from ?? '';
  const to = range?.to ?? '';
  return useQuery({
    queryKey: visitsKey(from, to, filters),
    queryFn: async () => (await dataProvider.request<{ visits: Visit[] }>('GET', visitsPath(from, to, filters))).visits,
    enabled: range !== null,
    placeholderData: keepPreviousData,
  });
}
