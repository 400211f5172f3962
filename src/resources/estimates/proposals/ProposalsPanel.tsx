import { Card, CardContent, CardHeader, LinearProgress, Stack, Typography } from '@mui/material';
import type { RaRecord } from 'react-admin';
import { ProposalCard } from './ProposalCard';
import { FailedMailList } from './FailedMailList';
import { useProposals } from './useProposals';
import { EstimateAgreements } from './EstimateAgreements';

/** The estimate detail's Proposals panel (issue 22): every proposal sent, newest first. */
export function ProposalsPanel({ estimate }: { estimate: RaRecord }) {
  const { data: proposals, isPending, error } = useProposals(estimate.id);
  return (
    <Card component="section" aria-labelledby="proposals-heading" sx={{ mt: 2 }}>
      <CardHeader
        title="Proposals"
        slotProps={{ title: { component: 'h2', id: 'proposals-heading' } }}
        action={<EstimateAgreements estimate={estimate} />}
      />
      <CardContent>
        <FailedMailList estimateId={estimate.id} />
        {isPending ? (
          <LinearProgress aria-label="Loading proposals" />
        ) : error ? (
          <Typography color="error">The proposals could not be loaded.</Typography>
        ) : proposals.length === 0 ? (
          <Typography color="text.secondary">No proposal sent yet. Print › Send to client emails one with a link to sign.</Typography>
        ) : (
          <Stack spacing={2}>
            {proposals.map((proposal) => (
              <ProposalCard key={proposal.id} proposal={proposal} />
            ))}
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
