import { lazy, useId } from 'react';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { formatPercent, winRate, type EstimateInsightList, type StatusInsight } from '../../domain/insights';
import { EstimateStatusTable } from './EstimateStatusTable';
import { LazyChart } from './LazyChart';
import { AMOUNT_CHART_SIZE } from './charts/chartSizes';

const EstimateAmountChart = lazy(() => import('./charts/EstimateAmountChart'));

export interface EstimateInsightBlockProps {
  list: EstimateInsightList;
  title: string;
  rows: StatusInsight[];
  /** Under the title, e.g. "since Oct 25". */
  subtitle?: string;
  /** Ratio column and win rate: Last 30 Days and All Time. */
  detailed: boolean;
}

/** One list of the Estimate Insights card: its table of statuses beside a ring of the amounts. */
export function EstimateInsightBlock({ list, title, rows, subtitle, detailed }: EstimateInsightBlockProps) {
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Stack direction="row" alignItems="baseline" justifyContent="space-between" spacing={2} sx={{ mb: 1 }}>
        <Stack direction="row" alignItems="baseline" spacing={1}>
          <Typography id={headingId} variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
            {title}
          </Typography>
          {subtitle && (
            <Typography variant="caption" color="text.secondary">
              {subtitle}
            </Typography>
          )}
        </Stack>
        {detailed && <WinRate rows={rows} />}
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3} alignItems="center">
        <Box sx={{ flex: 1, minWidth: 0, width: '100%', overflowX: 'auto' }}>
          <EstimateStatusTable list={list} rows={rows} showRatio={detailed} title={title} />
        </Box>
        <LazyChart width={AMOUNT_CHART_SIZE} height={AMOUNT_CHART_SIZE} circle>
          <EstimateAmountChart rows={rows} title={title} />
        </LazyChart>
      </Stack>
    </Box>
  );
}

function WinRate({ rows }: { rows: StatusInsight[] }) {
  return (
    <Tooltip title="Contract Signed ÷ (Contract Signed + Estimate Lost)">
      <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
        Win rate{' '}
        <Box component="strong" sx={{ color: 'text.primary' }}>
          {formatPercent(winRate(rows))}
        </Box>
      </Typography>
    </Tooltip>
  );
}
