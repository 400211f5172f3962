import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { BarChart } from '@mui/x-charts/BarChart';
import type { ServiceInsight } from '../../../domain/insights';
import { SERVICE_X_AXIS_HEIGHT, serviceChartHeight } from './chartSizes';

const sitesLabel = (count: number | null) => (count === 1 ? '1 site' : `${count ?? 0} sites`);

/** Sites per service, one horizontal bar each, in the order of the list (most first). */
export default function ServiceSitesChart({ services }: { services: ServiceInsight[] }) {
  const theme = useTheme();
  const most = Math.max(0, ...services.map((s) => s.count));
  return (
    <Box role="img" aria-label="Sites per service" sx={{ width: '100%', minWidth: 0 }}>
      <BarChart
        layout="horizontal"
        height={serviceChartHeight(services.length)}
        margin={{ top: 8, right: 16, bottom: 0, left: 0 }}
        hideLegend
        skipAnimation
        borderRadius={4}
        yAxis={[{ scaleType: 'band', data: services.map((s) => s.name), width: 150, categoryGapRatio: 0.35 }]}
        // A whole number of sites per tick; an empty chart still gets a 0–1 axis.
        xAxis={[{ tickMinStep: 1, min: 0, max: Math.max(1, most), label: 'Sites', height: SERVICE_X_AXIS_HEIGHT }]}
        series={[{ data: services.map((s) => s.count), color: theme.palette.primary.main, valueFormatter: sitesLabel, label: 'Sites' }]}
        grid={{ vertical: true }}
      />
    </Box>
  );
}
