import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useGetIdentity } from 'react-admin';
import { EstimateInsightsCard } from './EstimateInsightsCard';
import { ServiceInsightsCard } from './ServiceInsightsCard';

/** The home dashboard (SPEC §2 "Home"): the greeting, then estimate and service insights. */
export default function HomePage() {
  const { identity } = useGetIdentity();
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      {identity && (
        <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
          Welcome, {identity.firstName}!
        </Typography>
      )}
      <Stack spacing={2}>
        <EstimateInsightsCard />
        <ServiceInsightsCard />
      </Stack>
    </Box>
  );
}
