import { useQuery, type QueryKey } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { YardstickDataProvider } from './dataProvider';

interface ApiGetOptions<T, R> {
  /** The part of the answer wanted, e.g. the list in `{ imports: [...] }`. */
  pick?: (body: T) => R;
  enabled?: boolean;
  /** Kept for the session (a column's filter values, SPEC §7). */
  keep?: boolean;
  /** Not asked again for this long (ms), however many screens show it. */
  freshForMs?: number;
  /** Asked again this often (ms) while the answer says so (work under way); false: not. */
  refreshWhile?: (data: R) => number | false;
}

/**
 * GET /api<path> of an endpoint beyond react-admin's resources (insights, settings, revisions…),
 * through the data provider (its token, failures reported as every call's), cached under
 * `queryKey`: what a write that changes it invalidates.
 */
export function useApiGet<T, R = T>(
  queryKey: QueryKey,
  path: string,
  { pick, enabled, keep, freshForMs, refreshWhile }: ApiGetOptions<T, R> = {},
) {
  const dataProvider = useDataProvider<YardstickDataProvider>();
  return useQuery({
    queryKey,
    queryFn: async () => {
      const body = await dataProvider.request<T>('GET', path);
      return pick ? pick(body) : (body as unknown as R);
    },
    enabled,
    ...(refreshWhile
      ? { refetchInterval: (query: { state: { data?: R } }) => (query.state.data === undefined ? false : refreshWhile(query.state.data)) }
      : {}),
    ...(keep ? { staleTime: Infinity, gcTime: Infinity } : freshForMs ? { staleTime: freshForMs } : {}),
  });
}
