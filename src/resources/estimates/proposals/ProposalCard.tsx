import { useState } from 'react';
import { Box, Button, Chip, Stack, Typography } from '@mui/material';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import ReplayIcon from '@mui/icons-material/Replay';
import UndoIcon from '@mui/icons-material/Undo';
import { useNotify } from 'react-admin';
import {
  isOpenProposal,
  PDF_NOT_MADE,
  PDF_PREPARING,
  proposalStatusLabel,
  SIGNED_PDF_NOT_MADE,
  SIGNED_PDF_PREPARING,
  type PdfStatus,
  type ProposalStatus,
  type SignedPdfStatus,
} from '../../../domain/proposals';
import { printTypeLabel } from '../../../domain/printing';
import { ConfirmDialog } from '../../../admin/forms/ConfirmDialog';
import { useFileDownload } from '../../../admin/downloads/useFileDownload';
import { useReportFailure } from '../../../admin/alerts/useReportFailure';
import { ProposalLink } from './ProposalLink';
import { ProposalTimeline } from './ProposalTimeline';
import { ProposalFollowUps } from './ProposalFollowUps';
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

interface ProposalPdfProps {
  label: string;
  status: PdfStatus | SignedPdfStatus;
  preparing: string;
  notMade: string;
  disabled: boolean;
  onDownload: () => void;
}

/** One of a proposal's PDFs, made by a job (issue 36): its download once ready, else where it is. */
function ProposalPdf({ label, status, preparing, notMade, disabled, onDownload }: ProposalPdfProps) {
  if (status === 'ready')
    return (
      <Button size="small" startIcon={<PictureAsPdfIcon />} disabled={disabled} onClick={onDownload}>
        {label}
      </Button>
    );
  if (status === 'pending')
    return (
      <Typography variant="body2" color="text.secondary" role="status" sx={{ alignSelf: 'center' }}>
        {preparing}
      </Typography>
    );
  if (status === 'failed')
    return (
      <Typography variant="body2" color="error" sx={{ alignSelf: 'center' }}>
        {notMade}
      </Typography>
    );
  return null;
}

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
        <ProposalPdf
          label="PDF as sent"
          status={proposal.pdfStatus}
          preparing={PDF_PREPARING}
          notMade={PDF_NOT_MADE}
          disabled={busy}
          onDownload={() => download(`/proposals/${proposal.id}/pdf`)}
        />
        <ProposalPdf
          label="Signed PDF"
          status={proposal.signedPdfStatus}
          preparing={SIGNED_PDF_PREPARING}
          notMade={SIGNED_PDF_NOT_MADE}
          disabled={busy}
          onDownload={() => download(`/proposals/${proposal.id}/signedPdf`)}
        />
        {open && proposal.pdfStatus !== 'failed' && (
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
        <ProposalFollowUps proposal={proposal} />
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
