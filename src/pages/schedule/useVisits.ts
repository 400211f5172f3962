import { useApiGet } from '../../providers/useApiGet';
import { visitsKey, visitsPath, type Visit, type VisitFilters } from './visitQuery';

const NO_FILTERS: VisitFilters = { services: [], crews: [] };

/** The visits from `from` to `to` (inclusive) matching `filters`; nothing is asked until there is a range. */
export function useVisits(range: { from: string; to: string } | null, filters: VisitFilters = NO_FILTERS) {
  const from = range?.from ?? '';
  const to = range?.to ?? '';
  return useApiGet<{ visits: Visit[] }, Visit[]>(visitsKey(from, to, filters), visitsPath(from, to, filters), {
    pick: (body) => body.visits,
    enabled: range !== null,
  });
}
