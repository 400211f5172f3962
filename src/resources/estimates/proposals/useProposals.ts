import { useApiAction } from '../../../admin/actions/useApiAction';
import { PROPOSALS_QUERY } from '../../../schema/actions/queryNames';
import { useApiGet } from '../../../providers/useApiGet';
import type { OfficeProposal } from './proposalTypes';

const proposalsKey = (estimateId: number | string) => [PROPOSALS_QUERY, String(estimateId)];

/** The proposals sent for an estimate, newest first. */
export const useProposals = (estimateId: number | string) =>
  useApiGet(proposalsKey(estimateId), `/estimates/${encodeURIComponent(String(estimateId))}/proposals`, {
    pick: (body: { proposals: OfficeProposal[] }) => body.proposals,
    // A PDF being made after the send, or after the client's signature, appears when it is ready.
    refreshWhile: (proposals) =>
      proposals.some((proposal) => proposal.pdfStatus === 'pending' || proposal.signedPdfStatus === 'pending') ? 3_000 : false,
  });

/**
 * The calls that change an estimate's proposals (src/schema/actions/proposals.ts): each
 * refreshes the panel, the estimate (sending moves it to Client Proposal Phase) and its revisions.
 */
export function useProposalActions() {
  return {
    send: useApiAction('sendProposal'),
    withdraw: useApiAction('withdrawProposal'),
    resend: useApiAction('resendProposal'),
    remind: useApiAction('remindProposal'),
    pauseReminders: useApiAction('pauseProposalReminders'),
    extend: useApiAction('extendProposal'),
  };
}
