import type { Identifier } from 'react-admin';
import type { z } from 'zod';
import { useApiAction } from '../../admin/actions/useApiAction';
import { useApiGet } from '../../providers/useApiGet';
import type { closeOutLineSchema } from '../../schema/actions/snow';
import { STORM_CLOSE_OUT_QUERY, type SnowVisit } from '../../resources/storms/snowVisit';

export type CloseOutLine = z.output<typeof closeOutLineSchema>;

export interface CloseOutSite {
  siteID: number;
  siteName: string;
  customerName: string;
  agreementNumber: number | string;
  visits: SnowVisit[];
}

export interface CloseOutPreview {
  closedOutAt: string | null;
  sites: CloseOutSite[];
  missing: number[];
  lines: CloseOutLine[];
}

/** GET /api/storms/:id/closeOut: each contracted site's standing visits, the sites with none, the lines it would bill. */
export const useCloseOutPreview = (stormId: Identifier) =>
  useApiGet<CloseOutPreview>([STORM_CLOSE_OUT_QUERY, String(stormId)], `/storms/${encodeURIComponent(stormId)}/closeOut`);

/** POST /api/storms/:id/closeOut: the storm's billing lines stored; the month's billing is then stale. */
export function useCloseOut(stormId: Identifier) {
  const closeOut = useApiAction('closeOutStorm');
  return { ...closeOut, mutateAsync: () => closeOut.mutateAsync([Number(stormId)]) };
}
