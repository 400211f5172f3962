import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, type Identifier } from 'react-admin';
import type { YardstickDataProvider } from '../../providers/dataProvider';
import { useApiGet } from '../../providers/useApiGet';
import type { SnowService } from '../../domain/snowPricing';
import {
  SITE_SNOW_LOG_QUERY,
  STORM_BOARD_QUERY,
  STORM_CLOSE_OUT_QUERY,
  type SnowVisit,
  type SnowVisitBody,
} from '../../resources/storms/snowVisit';

export interface BoardStorm {
  id: number;
  name: string;
  start: string;
  end: string | null;
  depth: number | null;
  source: string | null;
  closedOutAt: string | null;
}

export interface BoardSite {
  siteID: number;
  siteName: string;
  customerName: string;
  address: string;
  agreementID: number;
  agreementNumber: number | string;
  services: SnowService[];
  routePosition: number | null;
  pavedArea: number | null;
  visits: SnowVisit[];
}

export interface StormBoard {
  storm: BoardStorm;
  sites: BoardSite[];
}

/** GET /api/storms/:id/board: the storm and its contracted sites in route order, with their visits. */
export const useStormBoard = (stormId: Identifier) =>
  useApiGet<StormBoard>([STORM_BOARD_QUERY, String(stormId)], `/storms/${encodeURIComponent(stormId)}/board`);

/** What a logged visit (or a changed route) makes stale: the board, the close-out, the sites' logs. */
function useSnowInvalidation() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [STORM_BOARD_QUERY, STORM_CLOSE_OUT_QUERY, SITE_SNOW_LOG_QUERY].map((key) => queryClient.invalidateQueries({ queryKey: [key] })),
    );
}

/** POST /api/storms/:id/visits: a visit logged, or a correction of one. */
export function useLogVisit(stormId: Identifier) {
  const dataProvider = useDataProvider<YardstickDataProvider>();
  const invalidate = useSnowInvalidation();
  return useMutation({
    mutationFn: (body: SnowVisitBody) => dataProvider.request<SnowVisit>('POST', `/storms/${encodeURIComponent(stormId)}/visits`, { body }),
    onSuccess: () => void invalidate(),
  });
}

/** PUT /api/snowRoute: the route's sites, first to last. */
export function useSaveRoute() {
  const dataProvider = useDataProvider<YardstickDataProvider>();
  const invalidate = useSnowInvalidation();
  return useMutation({
    mutationFn: (siteIDs: number[]) => dataProvider.request<null>('PUT', '/snowRoute', { body: { siteIDs } }),
    onSettled: () => void invalidate(),
  });
}

/** PUT /api/snowSites/:siteID: a site's paved area (ft²), or none. */
export function useSavePavedArea() {
  const dataProvider = useDataProvider<YardstickDataProvider>();
  const invalidate = useSnowInvalidation();
  return useMutation({
    mutationFn: ({ siteID, pavedArea }: { siteID: number; pavedArea: number | null }) =>
      dataProvider.request<{ siteID: number; pavedArea: number | null; routePosition: number | null }>(
        'PUT',
        `/snowSites/${encodeURIComponent(siteID)}`,
        { body: { pavedArea } },
      ),
    onSettled: () => void invalidate(),
  });
}
