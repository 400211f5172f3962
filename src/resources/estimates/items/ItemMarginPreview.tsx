import { Alert, Box, Button, Grid, TextField } from '@mui/material';
import TrendingUpIcon from '@mui/icons-material/TrendingUp';
import { useFormContext, useWatch } from 'react-hook-form';
import { isBelowTarget, lineMargin, priceForTargetMargin, targetMarginOf } from '../../../domain/profitability';
import { formatMoney } from '../../../domain/money';
import { useCosting } from '../pricing/useProfitability';
import { formatHours, formatPercent } from '../pricing/profitabilityFormat';

function ReadOnlyFigure({ label, value }: { label: string; value: string }) {
  return (
    <TextField
      label={label}
      value={value}
      fullWidth
      helperText=" "
      slotProps={{ input: { readOnly: true }, htmlInput: { 'aria-readonly': true, style: { textAlign: 'right' } } }}
    />
  );
}

/**
 * The line's crew hours, full cost (its direct cost plus crew time at the company's rates) and
 * margin as it is edited (issue 24), and *Price for target margin*: the unit price, rounded up
 * to the cent, that reaches the company's target. Office only.
 */
export function ItemMarginPreview() {
  const { costing } = useCosting();
  const { setValue } = useFormContext();
  const [quantity, unitCost, unitPrice, hoursPerUnit] = useWatch({ name: ['quantity', 'unitCost', 'unitPrice', 'hoursPerUnit'] });
  if (!costing) return null;
  const margin = lineMargin({ quantity, unitCost, unitPrice, hoursPerUnit }, costing);
  const target = targetMarginOf(costing);
  const targetPrice = priceForTargetMargin(unitCost, hoursPerUnit, costing);
  const below = isBelowTarget(margin.price, margin.cost, target);
  return (
    <Box>
      <Grid container columnSpacing={2}>
        <Grid size={{ xs: 12, sm: 4 }}>
          <ReadOnlyFigure label="Crew Hours" value={formatHours(margin.laborHours)} />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <ReadOnlyFigure label="Cost with Crew Time" value={formatMoney(margin.cost)} />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <ReadOnlyFigure label="Margin" value={formatPercent(margin.marginPercent)} />
        </Grid>
      </Grid>
      {below && (
        <Alert severity="warning" sx={{ mb: 1 }}>
          Below the {formatPercent(target)} target margin.
        </Alert>
      )}
      <Button
        size="small"
        startIcon={<TrendingUpIcon />}
        disabled={!Number.isFinite(targetPrice) || targetPrice <= 0}
        onClick={() => setValue('unitPrice', targetPrice, { shouldDirty: true, shouldValidate: true })}
      >
        Price for target margin{Number.isFinite(targetPrice) && targetPrice > 0 ? `: ${formatMoney(targetPrice)}` : ''}
      </Button>
    </Box>
  );
}
