import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { PageHeading } from '../../admin/layout/PageHeading';
import { useGetIdentity } from 'react-admin';
import { EstimateInsightsCard } from './EstimateInsightsCard';
import { ServiceInsightsCard } from './ServiceInsightsCard';
import { AwaitingProposalsCard } from './AwaitingProposalsCard';
import { MarginInsightsCard } from './MarginInsightsCard';
import { GettingStartedCard } from './GettingStartedCard';

/** The home dashboard (SPEC §2 "Home"): the greeting, Getting started until done (issue 25), then the proposals awaiting an answer, estimate insights, the margin and win rates (issue 24), service insights. */
export default function HomePage() {
  const { identity } = useGetIdentity();
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      {identity && (
        <PageHeading documentTitle="Home" sx={{ mb: 2 }}>
          Welcome, {identity.firstName}!
        </PageHeading>
      )}
      <Stack spacing={2}>
        <GettingStartedCard />
        <AwaitingProposalsCard />
        <EstimateInsightsCard />
        <MarginInsightsCard />
        <ServiceInsightsCard />
      </Stack>
    </Box>
  );
}
