import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { PieChart } from '@mui/x-charts/PieChart';
import { statusLabel } from '../../../domain/estimates';
import { totalPrice, type StatusInsight } from '../../../domain/insights';
import { formatMoney, formatMoneyShort } from '../../../domain/money';
import { statusColor } from '../statusColors';
import { AMOUNT_CHART_SIZE } from './chartSizes';

const EMPTY_RING = '#e0e0e0';

export interface EstimateAmountChartProps {
  rows: StatusInsight[];
  /** The block's name, for the chart's accessible name ("Current: amount by status"). */
  title: string;
}

/** A ring of the amounts by status, the total in its middle; a grey ring when there is none. */
export default function EstimateAmountChart({ rows, title }: EstimateAmountChartProps) {
  const data = rows
    .filter((row) => row.price > 0)
    .map((row) => ({ id: row.status, value: row.price, label: statusLabel(row.status), color: statusColor(row.status) }));
  const total = totalPrice(rows);
  const isEmpty = data.length === 0;
  return (
    <Box
      role="img"
      aria-label={`${title}: amount by status`}
      sx={{ position: 'relative', width: AMOUNT_CHART_SIZE, height: AMOUNT_CHART_SIZE, flexShrink: 0 }}
    >
      <PieChart
        width={AMOUNT_CHART_SIZE}
        height={AMOUNT_CHART_SIZE}
        margin={0}
        hideLegend
        skipAnimation
        series={[
          {
            data: isEmpty ? [{ id: 'none', value: 1, label: 'No amounts', color: EMPTY_RING }] : data,
            innerRadius: '62%',
            outerRadius: '100%',
            paddingAngle: isEmpty ? 0 : 1.5,
            cornerRadius: 3,
            valueFormatter: (item) => (isEmpty ? '' : formatMoney(item.value)),
            highlightScope: { fade: 'global', highlight: 'item' },
          },
        ]}
        slotProps={{ tooltip: { trigger: isEmpty ? 'none' : 'item' } }}
      />
      <Box
        sx={{
          position: 'absolute',
          inset: 0,
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          justifyContent: 'center',
          pointerEvents: 'none',
        }}
      >
        <Typography variant="h6" component="span" sx={{ lineHeight: 1.2 }}>
          {formatMoneyShort(total)}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          total
        </Typography>
      </Box>
    </Box>
  );
}
