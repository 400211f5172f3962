import { useMutation } from '@tanstack/react-query';
import { useDataProvider, type Identifier } from 'react-admin';
import type { YardstickDataProvider } from '../../providers/dataProvider';
import { useApiGet } from '../../providers/useApiGet';
import { SITE_SNOW_LOG_QUERY, type SnowVisit } from '../storms/snowVisit';

export type SnowLogEntry = SnowVisit & { stormName: string };

export interface SiteSnowLog {
  siteID: number;
  season: number;
  entries: SnowLogEntry[];
  head: string | null;
}

export interface SnowLogCheck {
  valid: boolean;
  entries: number;
  head: string | null;
  mismatch: { id: number; sequence: number; problem: string } | null;
}

const sitePath = (siteId: Identifier) => `/sites/${encodeURIComponent(siteId)}`;

/** GET /api/sites/:id/snowLog?season=: the site's snow log of a season, oldest first, and its head hash. */
export const useSiteSnowLog = (siteId: Identifier, season: number) =>
  useApiGet<SiteSnowLog | null>([SITE_SNOW_LOG_QUERY, String(siteId), season], `${sitePath(siteId)}/snowLog?season=${season}`);

/** GET /api/sites/:id/snowLog/verify?season=: the chain's hashes worked out again, to the first that does not match. */
export function useVerifySnowLog(siteId: Identifier) {
  const dataProvider = useDataProvider<YardstickDataProvider>();
  return useMutation({
    mutationFn: (season: number) => dataProvider.request<SnowLogCheck>('GET', `${sitePath(siteId)}/snowLog/verify?season=${season}`),
  });
}

/** Where the season's report (PDF) downloads from, relative to /api. */
export const snowReportPath = (siteId: Identifier) => `${sitePath(siteId)}/snowReport`;
