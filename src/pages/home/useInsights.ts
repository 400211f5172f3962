import type { EstimateInsights, ServiceInsight } from '../../domain/insights';
import type { MarginInsights } from '../../domain/marginInsights';
import { useApiGet } from '../../providers/useApiGet';

/** GET /insights/estimates, fetched afresh each time Home opens. */
export const useEstimateInsights = () => useApiGet<EstimateInsights>(['insights', 'estimates'], '/insights/estimates');

/** GET /insights/services. */
export const useServiceInsights = () => useApiGet<ServiceInsight[]>(['insights', 'services'], '/insights/services');

/** GET /insights/margin (issue 24): the signed estimates' margin and the win rate by salesperson. */
export const useMarginInsights = () => useApiGet<MarginInsights>(['insights', 'margin'], '/insights/margin');
