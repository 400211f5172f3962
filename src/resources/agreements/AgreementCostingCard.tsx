import { Alert, Box, Card, CardContent, CardHeader } from '@mui/material';
import type { Identifier } from 'react-admin';
import { formatMoney } from '../../domain/money';
import { useAgreement } from './useAgreement';
import { RenewAgreementButton } from './RenewAgreementButton';

const hours = (value: number) => `${value.toLocaleString('en-US', { maximumFractionDigits: 2 })} h`;

/**
 * Job costing (issue 40): planned crew hours against the hours of the visits done, the margin so
 * far at the company's rates, what is billed, and Renew with the percent that would bring next
 * season back to the target margin.
 */
export function AgreementCostingCard({ agreementId }: { agreementId: Identifier }) {
  const { data: agreement } = useAgreement(agreementId);
  if (!agreement) return null;
  const { costing } = agreement;
  const rows: [string, string][] = [
    ['Visits done', `${costing.visitsDone} of ${costing.visitsPlanned}`],
    ['Planned hours (whole term)', hours(costing.plannedHours)],
    ['Planned hours for the visits done', hours(costing.plannedHoursSoFar)],
    ['Actual hours', hours(costing.actualHours)],
    ['Earned to date', formatMoney(costing.earnedToDate)],
    ['Cost so far', formatMoney(costing.costSoFar)],
    ['Margin so far', costing.marginSoFarPercent === null ? '—' : `${costing.marginSoFarPercent}%`],
    ['Billed to date', formatMoney(costing.billedToDate)],
    ['Remaining', formatMoney(costing.remaining)],
  ];
  return (
    <Card>
      <CardHeader title="Job Costing" slotProps={{ title: { component: 'h2' } }} action={<RenewAgreementButton agreement={agreement} />} />
      <CardContent>
        {costing.overBudget && (
          <Alert severity="warning" sx={{ mb: 1 }}>
            Over budget: the crews took {hours(costing.actualHours - costing.plannedHoursSoFar)} more than planned for these visits.
          </Alert>
        )}
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: '1fr auto', rowGap: 0.5, m: 0, typography: 'body2' }}>
          {rows.map(([label, value]) => (
            <Box key={label} sx={{ display: 'contents' }}>
              <Box component="dt" sx={{ color: 'text.secondary' }}>
                {label}
              </Box>
              <Box component="dd" sx={{ m: 0, textAlign: 'right' }}>
                {value}
              </Box>
            </Box>
          ))}
        </Box>
        {costing.suggestedRenewalPercent !== null && (
          <Alert severity="info" sx={{ mt: 1 }}>
            To be back at the target margin next season at this season’s pace, renew at {costing.suggestedRenewalPercent > 0 ? '+' : ''}
            {costing.suggestedRenewalPercent}%.
          </Alert>
        )}
      </CardContent>
    </Card>
  );
}
