import type { Identifier } from 'react-admin';
import { useApiAction } from '../../admin/actions/useApiAction';
import { useApiGet } from '../../providers/useApiGet';
import type { SnowService } from '../../domain/snowPricing';
import { STORM_BOARD_QUERY, type SnowVisit, type SnowVisitBody } from '../../resources/storms/snowVisit';

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

/** POST /api/storms/:id/visits: a visit logged, or a correction of one. */
export function useLogVisit(stormId: Identifier) {
  const logVisit = useApiAction('logSnowVisit');
  return {
    ...logVisit,
    mutateAsync: (body: SnowVisitBody) => logVisit.mutateAsync([Number(stormId), body] as never) as Promise<SnowVisit>,
  };
}

/** PUT /api/snowRoute: the route's sites, first to last. */
export function useSaveRoute() {
  const saveRoute = useApiAction('setSnowRoute');
  return { ...saveRoute, mutateAsync: (siteIDs: number[]) => saveRoute.mutateAsync([{ siteIDs }]) };
}

/** PUT /api/snowSites/:siteID: a site's paved area (ft²), or none. */
export function useSavePavedArea() {
  const save = useApiAction('updateSnowSite');
  return {
    ...save,
    mutateAsync: ({ siteID, pavedArea }: { siteID: number; pavedArea: number | null }) => save.mutateAsync([siteID, { pavedArea }]),
  };
}
