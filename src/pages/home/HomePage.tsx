import Box from '@mui/material/Box';
import { PageHeading } from '../../admin/layout/PageHeading';
import { useGetIdentity } from 'react-admin';
import { EstimateInsightsCard } from './EstimateInsightsCard';
import { ServiceInsightsCard } from './ServiceInsightsCard';
import { PipelineCard } from './PipelineCard';
import { AgreementsCard } from './AgreementsCard';
import { MarginInsightsCard } from './MarginInsightsCard';
import { GettingStartedCard } from './GettingStartedCard';
import { RevealInOrder } from './RevealInOrder';

/** The home dashboard (SPEC §2 "Home"): the greeting, Getting started until done (issue 25), then the pipeline with the proposals awaiting an answer (issue 39), estimate insights, the margin and win rates (issue 24), service insights. */
export default function HomePage() {
  const { identity } = useGetIdentity();
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      {/* There from the first frame, so that the cards do not move down when the name comes. */}
      <PageHeading documentTitle="Home" sx={{ mb: 2 }}>
        {identity ? `Welcome, ${identity.firstName}!` : 'Welcome!'}
      </PageHeading>
      <RevealInOrder>
        <GettingStartedCard />
        <PipelineCard />
        <AgreementsCard />
        <EstimateInsightsCard />
        <MarginInsightsCard />
        <ServiceInsightsCard />
      </RevealInOrder>
    </Box>
  );
}
