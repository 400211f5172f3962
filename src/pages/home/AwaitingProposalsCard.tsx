import {
  Card,
  CardContent,
  CardHeader,
  Chip,
  LinearProgress,
  Link,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { YardstickDataProvider } from '../../providers/dataProvider';
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

/** Home's "Proposals awaiting an answer" (issue 22): who to call, oldest first. */
export function AwaitingProposalsCard() {
  const dataProvider = useDataProvider<YardstickDataProvider>();
  const { data, isPending, error } = useQuery({
    queryKey: ['proposals', 'awaiting'],
    queryFn: async () => (await dataProvider.request<{ proposals: AwaitingProposal[] }>('GET', '/proposals/awaiting')).proposals,
  });
  return (
    <Card component="section" aria-labelledby="awaiting-proposals-heading">
      <CardHeader
        title="Proposals awaiting an answer"
        id="awaiting-proposals-heading"
        slotProps={{ title: { component: 'h2', variant: 'h6' } }}
      />
      <CardContent sx={{ overflowX: 'auto' }}>
        {isPending ? (
          <LinearProgress aria-label="Loading proposals" />
        ) : error ? (
          <Typography color="error">The proposals could not be loaded.</Typography>
        ) : data.length === 0 ? (
          <Typography color="text.secondary">Every proposal sent has its answer.</Typography>
        ) : (
          <Table size="small" aria-label="Proposals awaiting an answer">
            <TableHead>
              <TableRow>
                <TableCell>Estimate</TableCell>
                <TableCell>Customer</TableCell>
                <TableCell align="right">Days since sent</TableCell>
                <TableCell>Opened</TableCell>
                <TableCell>Valid until</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.map((proposal) => (
                <TableRow key={proposal.id} hover>
                  <TableCell>
                    <Link component={RouterLink} to={estimatePath(proposal.estimateID)} underline="hover">
                      {proposal.estimateLabel} {proposal.projectName}
                    </Link>
                  </TableCell>
                  <TableCell>{proposal.customerName}</TableCell>
                  <TableCell align="right">{proposal.daysSinceSent}</TableCell>
                  <TableCell>{proposal.opened ? 'Yes' : 'Not yet'}</TableCell>
                  <TableCell>
                    {proposal.validUntil}
                    {proposal.expiresSoon && <Chip label="Expires soon" color="warning" size="small" sx={{ ml: 1 }} />}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
