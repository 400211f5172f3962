import { Alert, Card, CardContent, CardHeader, LinearProgress, Table, TableBody, TableCell, TableRow, Typography } from '@mui/material';
import type { Identifier } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { checkField, estimates } from '../../../schema';
import { formatMoney } from '../../../domain/money';
import { crewDays, isBelowTarget, type EstimateProfitability } from '../../../domain/profitability';
import { useEstimateWorkAreas } from '../workAreas/useEstimateWorkAreas';
import { liveProfitability, useCosting, useProfitability } from './useProfitability';
import { formatHours, formatPercent } from './profitabilityFormat';

const discountField = estimates.field('discount')!;

/**
 * Profitability (issue 24), beside Pricing and live like it: cost (direct and crew time), crew
 * hours and crew-days, gross profit, and the margin against the company's target with a warning
 * below it. Office figures only: nothing here reaches a client's document.
 */
export function EstimateProfitabilityCard({ estimateId, estimateVersion }: { estimateId: Identifier; estimateVersion: unknown }) {
  const { data: areas } = useEstimateWorkAreas(estimateId);
  const { data: server, error } = useProfitability(estimateId, estimateVersion);
  const { costing } = useCosting();
  const discount = useWatch({ name: 'discount' });
  const discountIsValid = !('error' in checkField(discountField, discount));
  const figures = areas && server && costing ? liveProfitability(areas, server.areas, discountIsValid ? discount : 0, costing) : null;

  return (
    <Card sx={{ height: '100%' }} component="section" aria-labelledby="profitability-heading">
      <CardHeader
        title="Profitability"

        slotProps={{ title: { component: 'h2', id: 'profitability-heading' } }}
        subheader="Office only: never on a proposal"
      />
      <CardContent>
        {error ? (
          <Typography color="error">The profitability could not be loaded.</Typography>
        ) : !figures ? (
          <LinearProgress aria-label="Loading profitability" />
        ) : (
          <ProfitabilityFigures figures={figures} />
        )}
      </CardContent>
    </Card>
  );
}

function ProfitabilityFigures({ figures }: { figures: EstimateProfitability }) {
  const below = isBelowTarget(figures.revenue, figures.cost, figures.targetMarginPercent);
  const rows: [string, string][] = [
    ['Revenue', formatMoney(figures.revenue)],
    ['Direct cost', formatMoney(figures.materialCost)],
    ['Crew hours', `${formatHours(figures.laborHours)} · ${crewDays(figures.laborHours)} crew-days`],
    ['Crew cost', formatMoney(figures.laborCost)],
    ['Cost', formatMoney(figures.cost)],
    ['Gross profit', formatMoney(figures.grossProfit)],
    ['Margin', `${formatPercent(figures.marginPercent)} (target ${formatPercent(figures.targetMarginPercent)})`],
  ];
  return (
    <>
      <Table size="small" aria-label="Profitability figures">
        <TableBody>
          {rows.map(([label, value]) => (
            <TableRow key={label}>
              <TableCell component="th" scope="row" sx={{ pl: 0 }}>
                {label}
              </TableCell>
              <TableCell align="right" sx={{ pr: 0, whiteSpace: 'nowrap', fontWeight: label === 'Margin' ? 600 : undefined }}>
                {value}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {below ? (
        <Alert severity="warning" sx={{ mt: 2 }}>
          Below the {formatPercent(figures.targetMarginPercent)} target.
          {figures.targetSubtotal !== null && ` A subtotal of ${formatMoney(figures.targetSubtotal)} reaches it`}
          {figures.breakEvenSubtotal !== null && `; ${formatMoney(figures.breakEvenSubtotal)} breaks even.`}
        </Alert>
      ) : (
        figures.revenue > 0 && (
          <Typography variant="body2" color="success.main" sx={{ mt: 2 }}>
            At or above the target margin.
          </Typography>
        )
      )}
    </>
  );
}
