import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { EstimateInsights, ServiceInsight } from '../../domain/insights';
import type { MarginInsights } from '../../domain/marginInsights';
import type { YardstickDataProvider } from '../../providers/dataProvider';

/** GET /insights/estimates, fetched afresh each time Home opens. */
export function useEstimateInsights() {
  const dataProvider = useDataProvider<YardstickDataProvider>();
  return useQuery({
    queryKey: ['insights', 'estimates'],
    queryFn: () => dataProvider.request<EstimateInsights>('GET', '/insights/estimates'),
  });
}

/** GET /insights/services. */
export function useServiceInsights() {
  const dataProvider = useDataProvider<YardstickDataProvider>();
  return useQuery({
    queryKey: ['insights', 'services'],
    queryFn: () => dataProvider.request<ServiceInsight[]>('GET', '/insights/services'),
  });
}

/** GET /insights/margin (issue 24): the signed estimates' margin and the win rate by salesperson. */
export function useMarginInsights() {
  const dataProvider = useDataProvider<YardstickDataProvider>();
  return useQuery({
    queryKey: ['insights', 'margin'],
    queryFn: () => dataProvider.request<MarginInsights>('GET', '/insights/margin'),
  });
}
