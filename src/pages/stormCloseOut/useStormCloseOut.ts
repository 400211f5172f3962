import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, type Identifier } from 'react-admin';
import type { YardstickDataProvider } from '../../providers/dataProvider';
import { useApiGet } from '../../providers/useApiGet';
import { BILLING_QUERY } from '../../schema/actions/agreements';
import { STORM_BOARD_QUERY, STORM_CLOSE_OUT_QUERY, type SnowVisit } from '../../resources/storms/snowVisit';

export interface CloseOutLine {
  id: number | string;
  siteID: number;
  siteName: string;
  customerName: string;
  agreementID: number;
  agreementNumber: number | string;
  lineName: string;
  date: string;
  description: string;
  quantity: number;
  rate: number;
  amount: number;
  tax: number;
  visitIDs: number[];
  exportID: number | null;
}

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
  const dataProvider = useDataProvider<YardstickDataProvider>();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      dataProvider.request<{ lines: CloseOutLine[]; missing: number[] }>('POST', `/storms/${encodeURIComponent(stormId)}/closeOut`),
    onSettled: () =>
      void Promise.all(
        [STORM_CLOSE_OUT_QUERY, STORM_BOARD_QUERY, BILLING_QUERY, 'storms'].map((key) =>
          queryClient.invalidateQueries({ queryKey: [key] }),
        ),
      ),
  });
}
