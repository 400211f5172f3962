import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import { REVISIONS_QUERY } from '../history/useRevisions';
import type { YardstickDataProvider } from '../../../providers/dataProvider';
import { useApiGet } from '../../../providers/useApiGet';
import type { OfficeProposal, ProposalToSend, SentProposal } from './proposalTypes';

export const PROPOSALS_QUERY = 'estimateProposals';
const proposalsKey = (estimateId: number | string) => [PROPOSALS_QUERY, String(estimateId)];

/** The proposals sent for an estimate, newest first. */
export const useProposals = (estimateId: number | string) =>
  useApiGet(proposalsKey(estimateId), `/estimates/${encodeURIComponent(String(estimateId))}/proposals`, {
    pick: (body: { proposals: OfficeProposal[] }) => body.proposals,
    // A signed PDF being made after the client's signature appears when it is ready.
    refreshWhile: (proposals) => (proposals.some((proposal) => proposal.signedPdfStatus === 'pending') ? 3_000 : false),
  });

/**
 * The calls that change an estimate's proposals: each refreshes the panel and the estimate
 * (sending moves it to Client Proposal Phase).
 */
export function useProposalActions(estimateId: number | string) {
  const dataProvider = useDataProvider<YardstickDataProvider>();
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: proposalsKey(estimateId) }),
      queryClient.invalidateQueries({ queryKey: ['estimates', 'getOne'] }),
      // Sending freezes the current revision.
      queryClient.invalidateQueries({ queryKey: [REVISIONS_QUERY] }),
    ]);
  const send = useMutation({
    mutationFn: (proposal: ProposalToSend) =>
      dataProvider.request<SentProposal>('POST', `/estimates/${encodeURIComponent(String(estimateId))}/proposals`, { body: proposal }),
    onSettled: refresh,
  });
  const withdraw = useMutation({
    mutationFn: (proposalId: number) => dataProvider.request('POST', `/proposals/${proposalId}/withdraw`),
    onSettled: refresh,
  });
  const resend = useMutation({
    mutationFn: (proposalId: number) => dataProvider.request('POST', `/proposals/${proposalId}/resend`),
    onSettled: refresh,
  });
  return { send, withdraw, resend };
}
