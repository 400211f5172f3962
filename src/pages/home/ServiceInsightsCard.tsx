import { lazy } from 'react';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ServiceInsight } from '../../domain/insights';
import { RecordDataTable } from '../../admin/lists/RecordDataTable';
import type { ListColumn } from '../../admin/lists/columns';
import { HomeCard } from './HomeCard';
import { LazyChart } from './LazyChart';
import { serviceChartHeight } from './charts/chartSizes';
import { useServiceInsights } from './useInsights';

const ServiceSitesChart = lazy(() => import('./charts/ServiceSitesChart'));

const columns: ListColumn<ServiceInsight>[] = [
  { source: 'name', label: 'Service', render: (service) => <Box sx={{ overflowWrap: 'anywhere' }}>{service.name}</Box> },
  { source: 'count', label: 'Count', align: 'right' },
];

/** Card 'Service Insights' (SPEC §2 "Home"): each service with its number of sites, and their bars. */
export function ServiceInsightsCard() {
  return (
    <HomeCard
      title="Service Insights"
      query={useServiceInsights()}
      loading={<Skeleton variant="rounded" height={160} role="progressbar" aria-label="Loading service insights" />}
      failure="Service insights could not be loaded."
    >
      {(services) =>
        services.length === 0 ? (
          <Typography color="text.secondary">No services yet.</Typography>
        ) : (
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={3} alignItems="flex-start">
            <Box sx={{ width: { xs: '100%', md: 300 }, flexShrink: 0 }}>
              <RecordDataTable columns={columns} rows={services} sortable={false} emptyText="" aria-label="Sites per service" />
            </Box>
            <LazyChart width="100%" height={serviceChartHeight(services.length)}>
              <ServiceSitesChart services={services} />
            </LazyChart>
          </Stack>
        )
      }
    </HomeCard>
  );
}
