import { lazy } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { LazyChart } from './LazyChart';
import { serviceChartHeight } from './charts/chartSizes';
import { useServiceInsights } from './useInsights';

const ServiceSitesChart = lazy(() => import('./charts/ServiceSitesChart'));

/** Card 'Service Insights' (SPEC §2 "Home"): each service with its number of sites, and their bars. */
export function ServiceInsightsCard() {
  const { data, isPending, isError } = useServiceInsights();
  const services = Array.isArray(data) ? data : [];
  return (
    <Card sx={{ height: '100%' }}>
      <CardHeader
        title="Service Insights"
        slotProps={{ title: { variant: 'h6', component: 'h2' } }}
        sx={{ pb: 0, px: { xs: 1.5, sm: 2 } }}
      />
      <CardContent sx={{ px: { xs: 1.5, sm: 2 } }}>
        {isPending && <Skeleton variant="rounded" height={160} aria-label="Loading service insights" />}
        {isError && <Typography color="text.secondary">Service insights could not be loaded.</Typography>}
        {data && services.length === 0 && <Typography color="text.secondary">No services yet.</Typography>}
        {services.length > 0 && (
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={3} alignItems="flex-start">
            <Box sx={{ width: { xs: '100%', md: 300 }, flexShrink: 0 }}>
              <Table size="small" aria-label="Sites per service">
                <TableHead>
                  <TableRow>
                    <TableCell>Service</TableCell>
                    <TableCell align="right">Count</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {services.map((service) => (
                    <TableRow key={service.id} hover>
                      <TableCell sx={{ overflowWrap: 'anywhere' }}>{service.name}</TableCell>
                      <TableCell align="right">{service.count}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
            <LazyChart width="100%" height={serviceChartHeight(services.length)}>
              <ServiceSitesChart services={services} />
            </LazyChart>
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
