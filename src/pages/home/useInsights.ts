import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { EstimateInsights, ServiceInsight } from '../../domain/insights';
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
