import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, type Identifier } from 'react-admin';
import type { YardstickDataProvider } from '../../../providers/dataProvider';
import { useApiGet } from '../../../providers/useApiGet';
import type { RevisionComparison } from '../../../domain/revisions';
import { REVISIONS_QUERY } from '../../../schema/actions/queryNames';

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
const revisionsKey = (estimateId: Identifier) => [REVISIONS_QUERY, String(estimateId)];

/**
 * The estimate's revisions. They change with every write under the estimate (a first change
 * after sending starts one), so the query is refreshed whenever the estimate is.
 */
export const useRevisions = (estimateId: Identifier, estimateVersion: unknown) =>
  useApiGet([...revisionsKey(estimateId), estimateVersion], estimatePath(estimateId), {
    pick: (body: { revisions: RevisionSummary[] }) => body.revisions,
  });

/** What changed from one revision to another (GET …/revisions/compare). */
export const useRevisionComparison = (estimateId: Identifier, from: number | null, to: number | null, estimateVersion: unknown) =>
  useApiGet<RevisionComparison>(
    [...revisionsKey(estimateId), 'compare', from, to, estimateVersion],
    `${estimatePath(estimateId)}/compare?from=${from}&to=${to}`,
    { enabled: from !== null && to !== null && from !== to },
  );

/** Restores a revision as the current one; the estimate, its work areas and its history reload. */
export function useRestoreRevision(estimateId: Identifier) {
  const dataProvider = useDataProvider<YardstickDataProvider>();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (revision: number) => dataProvider.restoreRevision(estimateId, revision, {}),
    onSettled: () => queryClient.invalidateQueries(),
  });
}
