import { Box, Grid, LinearProgress, Typography } from '@mui/material';
import type { SignedMargin, SalespersonWinRate } from '../../domain/marginInsights';
import { formatMoney } from '../../domain/money';
import { RecordDataTable } from '../../admin/lists/RecordDataTable';
import type { ListColumn } from '../../admin/lists/columns';
import { HomeCard } from './HomeCard';
import { useMarginInsights } from './useInsights';

const percent = (value: number | null) => (value === null ? '—' : `${value.toFixed(1)} %`);

const winRateColumns: ListColumn<SalespersonWinRate & { id: number }>[] = [
  { source: 'name', label: 'Salesperson' },
  { source: 'proposed', label: 'Proposed', align: 'right' },
  { source: 'won', label: 'Won', align: 'right' },
  { source: 'lost', label: 'Lost', align: 'right' },
  {
    source: 'winRatePercent',
    label: 'Win rate',
    align: 'right',
    render: (row) => (row.winRatePercent === null ? '—' : `${row.winRatePercent} %`),
  },
];

function MarginFigure({ title, margin }: { title: string; margin: SignedMargin }) {
  return (
    <Box role="group" aria-label={title}>
      <Typography variant="subtitle2" component="h3">
        {title}
      </Typography>
      <Typography variant="h4" component="p">
        {percent(margin.marginPercent)}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {margin.count} signed · {formatMoney(margin.revenue)} revenue · {formatMoney(margin.grossProfit)} gross profit
      </Typography>
    </Box>
  );
}

/**
 * Home's margin insights (issue 24, office only): the margin of Contract Signed estimates over
 * the last 30 days and all time (weighted by revenue, at the company's current rates), and the
 * win rate of each salesperson.
 */
export function MarginInsightsCard() {
  return (
    <HomeCard
      title="Margin and Win Rate"
      query={useMarginInsights()}
      loading={<LinearProgress aria-label="Loading margin insights" />}
      failure="The margin insights could not be loaded."
    >
      {(data) => (
        <Grid container spacing={3}>
          <Grid size={{ xs: 6, md: 3 }}>
            <MarginFigure title="Signed, last 30 days" margin={data.signedMargin.last30Days} />
          </Grid>
          <Grid size={{ xs: 6, md: 3 }}>
            <MarginFigure title="Signed, all time" margin={data.signedMargin.allTime} />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            {/* A phone scrolls the table inside its own box, never the page; focusable, so that a
                keyboard can scroll it too (axe: scrollable-region-focusable). */}
            <Box sx={{ overflowX: 'auto' }} tabIndex={0} role="group" aria-label="Win rates">
              <RecordDataTable
                columns={winRateColumns}
                rows={data.winRates.map((row) => ({ ...row, id: row.salesperson }))}
                sortable={false}
                emptyText="No estimate has reached a client yet."
                aria-label="Win rate by salesperson"
              />
            </Box>
          </Grid>
        </Grid>
      )}
    </HomeCard>
  );
}
