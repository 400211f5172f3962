import { Box, Chip, LinearProgress, Link, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { useApiGet } from '../../providers/useApiGet';
import { RecordDataTable } from '../../admin/lists/RecordDataTable';
import type { ListColumn } from '../../admin/lists/columns';
import { estimatePath } from '../../resources/estimates/estimatePaths';
import { HomeCard } from './HomeCard';

/** GET /api/proposals/awaiting: sent proposals with no answer yet, oldest first. */
export interface AwaitingProposal {
  id: number;
  estimateID: number;
  estimateNumber: number;
  /** #<number>-R<revision> (issue 23). */
  estimateLabel: string;
  customerName: string;
  projectName: string;
  sentAt: string;
  daysSinceSent: number;
  opened: boolean;
  validUntil: string;
  /** Its last day is within 7 days. */
  expiresSoon: boolean;
}

const columns: ListColumn<AwaitingProposal>[] = [
  {
    source: 'estimateLabel',
    label: 'Estimate',
    render: (proposal) => (
      <Link component={RouterLink} to={estimatePath(proposal.estimateID)} underline="hover">
        {proposal.estimateLabel} {proposal.projectName}
      </Link>
    ),
  },
  { source: 'customerName', label: 'Customer' },
  { source: 'daysSinceSent', label: 'Days since sent', align: 'right' },
  { source: 'opened', label: 'Opened', render: (proposal) => (proposal.opened ? 'Yes' : 'Not yet') },
  {
    source: 'validUntil',
    label: 'Valid until',
    render: (proposal) => (
      <>
        {proposal.validUntil}
        {proposal.expiresSoon && <Chip label="Expires soon" color="warning" size="small" sx={{ ml: 1 }} />}
      </>
    ),
  },
];

/** Home's "Proposals awaiting an answer" (issue 22): who to call, oldest first. */
export function AwaitingProposalsCard() {
  const query = useApiGet(['proposals', 'awaiting'], '/proposals/awaiting', {
    pick: (body: { proposals: AwaitingProposal[] }) => body.proposals,
  });
  return (
    <HomeCard
      title="Proposals awaiting an answer"
      query={query}
      loading={<LinearProgress aria-label="Loading proposals" />}
      failure="The proposals could not be loaded."
    >
      {(proposals) =>
        // Text rather than an empty table: a phone would scroll that, with nothing in it to focus (axe).
        proposals.length === 0 ? (
          <Typography color="text.secondary">Every proposal sent has its answer.</Typography>
        ) : (
          <Box sx={{ overflowX: 'auto' }}>
            <RecordDataTable columns={columns} rows={proposals} sortable={false} emptyText="" aria-label="Proposals awaiting an answer" />
          </Box>
        )
      }
    </HomeCard>
  );
}
