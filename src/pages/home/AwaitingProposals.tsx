import { Box, Chip, LinearProgress, Link, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { useApiGet } from '../../providers/useApiGet';
import { RecordDataTable } from '../../admin/lists/RecordDataTable';
import type { ListColumn } from '../../admin/lists/columns';
import { estimatePath } from '../../resources/estimates/estimatePaths';

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

/** The proposals awaiting an answer (issue 22), who to call, oldest first: the rows under Home's pipeline (issue 39). */
export function AwaitingProposals() {
  const query = useApiGet(['proposals', 'awaiting'], '/proposals/awaiting', {
    pick: (body: { proposals: AwaitingProposal[] }) => body.proposals,
  });
  if (query.isPending) return <LinearProgress aria-label="Loading proposals" />;
  if (query.error || !query.data) return <Typography color="error">The proposals could not be loaded.</Typography>;
  return (
    <>
      <Typography variant="subtitle2" component="h3" sx={{ mt: 2, mb: 1 }}>
        Awaiting an answer
      </Typography>
      {
        // Text rather than an empty table: a phone would scroll that, with nothing in it to focus (axe).
        query.data.length === 0 ? (
          <Typography color="text.secondary">Every proposal sent has its answer.</Typography>
        ) : (
          <Box sx={{ overflowX: 'auto' }}>
            <RecordDataTable columns={columns} rows={query.data} sortable={false} emptyText="" aria-label="Proposals awaiting an answer" />
          </Box>
        )
      }
    </>
  );
}
