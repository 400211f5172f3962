import type { Identifier } from 'react-admin';
import { useApiGet } from '../../../../providers/useApiGet';
import type { SnowHistory } from '../../../../domain/snowHistoryFigures';

export const SNOW_HISTORY_QUERY = 'snowHistory';

/** GET /api/sites/:id/snowHistory: the site's past winters (asked only when `enabled`, and only with a site). */
export const useSnowHistory = (siteId: Identifier | null | undefined, enabled = true) =>
  useApiGet<SnowHistory>([SNOW_HISTORY_QUERY, String(siteId)], `/sites/${encodeURIComponent(String(siteId))}/snowHistory`, {
    enabled: enabled && siteId !== null && siteId !== undefined && siteId !== '',
  });
