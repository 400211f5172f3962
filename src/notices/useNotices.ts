import { NOTICES_QUERY, type OfficeNotice } from '../schema/actions/notices';
import { useApiGet } from '../providers/useApiGet';

/** How often the office looks for clients' answers (issue 39: never more than once a minute). */
export const NOTICES_EVERY_MS = 60_000;

/** GET /api/notices: the signed-in user's unseen notices, looked at again each minute. */
export const useNotices = () =>
  useApiGet<{ notices: OfficeNotice[]; unseen: number }>([NOTICES_QUERY], '/notices', {
    refreshWhile: () => NOTICES_EVERY_MS,
    freshForMs: NOTICES_EVERY_MS,
  });
