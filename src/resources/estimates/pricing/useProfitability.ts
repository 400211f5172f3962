import type { Identifier } from 'react-admin';
import { useApiGet } from '../../../providers/useApiGet';
import { estimateProfitability, type AreaProfitability, type Costing, type EstimateProfitability } from '../../../domain/profitability';
import { useCompanyProfile } from '../../../company/useCompanyProfile';

export const PROFITABILITY_QUERY = 'estimateProfitability';

/**
 * GET /api/estimates/:id/profitability: the server's figures, refreshed with every write under
 * the estimate (useWorkAreaRefresh) and with the estimate itself (its saved discount).
 */
export const useProfitability = (estimateId: Identifier, estimateVersion: unknown) =>
  useApiGet<EstimateProfitability>(
    [PROFITABILITY_QUERY, String(estimateId), estimateVersion],
    `/estimates/${encodeURIComponent(String(estimateId))}/profitability`,
  );

/** The company's costing figures (Settings › Company › Costing). */
export function useCosting(): { costing: Costing | undefined; isPending: boolean } {
  const { data, isPending } = useCompanyProfile();
  return { costing: data, isPending };
}

interface LiveArea {
  id: unknown;
  subtotal: unknown;
  isIncluded: unknown;
}

/**
 * The profitability as the screen stands: the areas' subtotals and inclusion as loaded, the
 * discount as typed, each area's direct cost and crew hours as the server summed them (one
 * line per area gives the same sums, src/domain/profitability.ts adds lines before rounding).
 */
export function liveProfitability(
  areas: readonly LiveArea[],
  server: readonly Pick<AreaProfitability, 'id' | 'materialCost' | 'laborHours'>[],
  discount: unknown,
  costing: Costing,
): EstimateProfitability {
  const costs = new Map(server.map((area) => [area.id, area]));
  return estimateProfitability(
    {
      discount,
      areas: areas.map((area) => {
        const cost = costs.get(Number(area.id));
        return {
          id: Number(area.id),
          subtotal: area.subtotal,
          isIncluded: area.isIncluded,
          items: cost ? [{ totalCost: cost.materialCost, laborHours: cost.laborHours }] : [],
        };
      }),
    },
    costing,
  );
}
