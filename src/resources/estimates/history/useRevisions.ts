import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, type Identifier } from 'react-admin';
import type { YardstickDataProvider } from '../../../providers/dataProvider';
import type { RevisionComparison } from '../../../domain/revisions';

/** GET /api/estimates/:id/revisions: one row per revision, the current (unsent) one last. */
export interface RevisionSummary {
  revision: number;
  frozenAt: string | null;
  frozenBy: string | null;
  subtotal: number | string;
  total: number | string;
  proposalIDs: number[];
}

const estimatePath = (estimateId: Identifier) => `/estimates/${encodeURIComponent(String(estimateId))}/revisions`;
export const REVISIONS_QUERY = 'estimateRevisions';
const revisionsKey = (estimateId: Identifier) => [REVISIONS_QUERY, String(estimateId)];

/**
 * The estimate's revisions. They change with every write under the estimate (a first change
 * after sending starts one), so the query is refreshed whenever the estimate is.
 */
export function useRevisions(estimateId: Identifier, estimateVersion: unknown) {
  const dataProvider = useDataProvider<YardstickDataProvider>();
  return useQuery({
    queryKey: [...revisionsKey(estimateId), estimateVersion],
    queryFn: async () => (await dataProvider.request<{ revisions: RevisionSummary[] }>('GET', estimatePath(estimateId))).revisions,
  });
}

/** What changed from one revision to another (GET …/revisions/compare). */
export function useRevisionComparison(estimateId: Identifier, from: number | null, to: number | null, estimateVersion: unknown) {
  const dataProvider = useDataProvider<YardstickDataProvider>();
  return useQuery({
    queryKey: [...revisionsKey(estimateId), 'compare', from, to, estimateVersion],
    enabled: from !== null && to !== null && from !== to,
    queryFn: () => dataProvider.request<RevisionComparison>('GET', `${estimatePath(estimateId)}/compare?from=${from}&to=${to}`),
  });
}

/** Restores a revision as the current one; the estimate, its work areas and its history reload. */
export function useRestoreRevision(estimateId: Identifier) {
  const dataProvider = useDataProvider<YardstickDataProvider>();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (revision: number) => dataProvider.request<{ revision: number }>('POST', `${estimatePath(estimateId)}/${revision}/restore`),
    onSettled: () => queryClient.invalidateQueries(),
  });
}
