import {
  Box,
  Card,
  CardContent,
  CardHeader,
  Grid,
  LinearProgress,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import type { SignedMargin } from '../../domain/marginInsights';
import { formatMoney } from '../../domain/money';
import { useMarginInsights } from './useInsights';

const percent = (value: number | null) => (value === null ? '—' : `${value.toFixed(1)} %`);

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
  const { data, isPending, error } = useMarginInsights();
  return (
    <Card component="section" aria-labelledby="margin-insights-heading">
      <CardHeader title="Margin and Win Rate" slotProps={{ title: { component: 'h2', id: 'margin-insights-heading' } }} />
      <CardContent>
        {isPending ? (
          <LinearProgress aria-label="Loading margin insights" />
        ) : error || !data ? (
          <Typography color="error">The margin insights could not be loaded.</Typography>
        ) : (
          <Grid container spacing={3}>
            <Grid size={{ xs: 6, md: 3 }}>
              <MarginFigure title="Signed, last 30 days" margin={data.signedMargin.last30Days} />
            </Grid>
            <Grid size={{ xs: 6, md: 3 }}>
              <MarginFigure title="Signed, all time" margin={data.signedMargin.allTime} />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              {data.winRates.length === 0 ? (
                <Typography color="text.secondary">No estimate has reached a client yet.</Typography>
              ) : (
                // A phone scrolls the table inside its own box, never the page.
                // Focusable, so that a keyboard can scroll it too (axe: scrollable-region-focusable).
                <Box sx={{ overflowX: 'auto' }} tabIndex={0} role="group" aria-label="Win rates">
                  <Table size="small" aria-label="Win rate by salesperson">
                    <TableHead>
                      <TableRow>
                        <TableCell>Salesperson</TableCell>
                        <TableCell align="right">Proposed</TableCell>
                        <TableCell align="right">Won</TableCell>
                        <TableCell align="right">Lost</TableCell>
                        <TableCell align="right">Win rate</TableCell>
                      </TableRow>
                    </TableHead>
                    <TableBody>
                      {data.winRates.map((row) => (
                        <TableRow key={row.salesperson}>
                          <TableCell component="th" scope="row">
                            {row.name}
                          </TableCell>
                          <TableCell align="right">{row.proposed}</TableCell>
                          <TableCell align="right">{row.won}</TableCell>
                          <TableCell align="right">{row.lost}</TableCell>
                          <TableCell align="right">{row.winRatePercent === null ? '—' : `${row.winRatePercent} %`}</TableCell>
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                </Box>
              )}
            </Grid>
          </Grid>
        )}
      </CardContent>
    </Card>
  );
}
