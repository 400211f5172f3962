import { useState } from 'react';
import { Box, Button, Chip, Stack, Typography } from '@mui/material';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import ReplayIcon from '@mui/icons-material/Replay';
import UndoIcon from '@mui/icons-material/Undo';
import { useNotify } from 'react-admin';
import {
  isOpenProposal,
  proposalStatusLabel,
  SIGNED_PDF_NOT_MADE,
  SIGNED_PDF_PREPARING,
  type ProposalStatus,
} from '../../../domain/proposals';
import { printTypeLabel } from '../../../domain/printing';
import { ConfirmDialog } from '../../../admin/forms/ConfirmDialog';
import { useFileDownload } from '../../../admin/downloads/useFileDownload';
import { useReportFailure } from '../../../admin/alerts/useReportFailure';
import { ProposalLink } from './ProposalLink';
import { ProposalTimeline } from './ProposalTimeline';
import { useProposalActions } from './useProposals';
import type { OfficeProposal } from './proposalTypes';

const STATUS_COLORS: Record<ProposalStatus, 'default' | 'info' | 'success' | 'error' | 'warning'> = {
  sent: 'info',
  viewed: 'info',
  accepted: 'success',
  declined: 'error',
  changesRequested: 'warning',
  expired: 'default',
  withdrawn: 'default',
};

/** One sent proposal: its status, timeline, link and PDFs; Resend and Withdraw while it is open. */
export function ProposalCard({ proposal }: { proposal: OfficeProposal }) {
  const { withdraw, resend } = useProposalActions();
  const { download, busy } = useFileDownload();
  const notify = useNotify();
  const reportFailure = useReportFailure();
  const [confirmWithdraw, setConfirmWithdraw] = useState(false);
  const open = isOpenProposal(proposal.status);
  const recipients = [...proposal.to, ...proposal.cc].join(', ');

  return (
    <Box
      component="article"
      aria-label={`Proposal sent ${proposal.sentAt.slice(0, 10)}`}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2 }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <Chip label={proposalStatusLabel(proposal.status)} color={STATUS_COLORS[proposal.status]} size="small" />
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {printTypeLabel(proposal.printType)} to {recipients} · valid until {proposal.validUntil}
        </Typography>
      </Stack>
      <ProposalTimeline proposal={proposal} />
      {proposal.link && open && <ProposalLink link={proposal.link} />}
      <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap', rowGap: 1 }}>
        <Button size="small" startIcon={<PictureAsPdfIcon />} disabled={busy} onClick={() => download(`/proposals/${proposal.id}/pdf`)}>
          PDF as sent
        </Button>
        {proposal.signedPdfSha256 && (
          <Button
            size="small"
            startIcon={<PictureAsPdfIcon />}
            disabled={busy}
            onClick={() => download(`/proposals/${proposal.id}/signedPdf`)}
          >
            Signed PDF
          </Button>
        )}
        {proposal.signedPdfStatus === 'pending' && (
          <Typography variant="body2" color="text.secondary" role="status" sx={{ alignSelf: 'center' }}>
            {SIGNED_PDF_PREPARING}
          </Typography>
        )}
        {proposal.signedPdfStatus === 'failed' && (
          <Typography variant="body2" color="error" sx={{ alignSelf: 'center' }}>
            {SIGNED_PDF_NOT_MADE}
          </Typography>
        )}
        {open && (
          <Button
            size="small"
            startIcon={<ReplayIcon />}
            loading={resend.isPending}
            onClick={() =>
              resend.mutate([proposal.id], {
                onSuccess: () => notify('The proposal will be emailed again.', { type: 'success' }),
                onError: (error) => reportFailure(error),
              })
            }
          >
            Resend
          </Button>
        )}
        {open && (
          <Button size="small" color="error" startIcon={<UndoIcon />} onClick={() => setConfirmWithdraw(true)}>
            Withdraw
          </Button>
        )}
      </Stack>
      <ConfirmDialog
        open={confirmWithdraw}
        title="Withdraw Proposal"
        confirmLabel="Withdraw"
        message="Withdraw this proposal? Its link will say it was withdrawn, and it can no longer be accepted."
        isPending={withdraw.isPending}
        onClose={() => setConfirmWithdraw(false)}
        onConfirm={() =>
          withdraw.mutate([proposal.id], {
            onSuccess: () => setConfirmWithdraw(false),
            onError: (error) => reportFailure(error),
          })
        }
      />
    </Box>
  );
}
