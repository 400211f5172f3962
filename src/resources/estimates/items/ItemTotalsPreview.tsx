import { Grid, TextField } from '@mui/material';
import { useWatch } from 'react-hook-form';
import { workAreaItems } from '../../../schema';
import { formatMoney } from '../../../domain/money';
import { itemTotals, itemTotalWithTax } from '../../../domain/pricing';
import { taxRateLabel, isTaxCode } from '../../../domain/taxes';
import { fieldLabel } from '../../../admin/forms/FieldInput';

function ReadOnlyAmount({ label, value, helperText }: { label: string; value: number; helperText?: string }) {
  return (
    <TextField
      label={label}
      value={formatMoney(value)}
      helperText={helperText}
      fullWidth
      slotProps={{ input: { readOnly: true }, htmlInput: { 'aria-readonly': true, style: { textAlign: 'right' } } }}
    />
  );
}

/**
 * Cost, Price and Total of the line being edited, recomputed as its quantity and unit figures
 * change, with the functions the server stores them with (SPEC §9 "Item arithmetic").
 */
export function ItemTotalsPreview({ tax }: { tax: unknown }) {
  const [quantity, unitCost, unitPrice] = useWatch({ name: ['quantity', 'unitCost', 'unitPrice'] });
  const { totalCost, totalPrice } = itemTotals({ quantity, unitCost, unitPrice });
  const total = itemTotalWithTax({ quantity, unitPrice }, tax);

  return (
    <Grid container columnSpacing={2}>
      <Grid size={{ xs: 12, sm: 4 }}>
        <ReadOnlyAmount label={fieldLabel(workAreaItems, 'totalCost')} value={totalCost} />
      </Grid>
      <Grid size={{ xs: 12, sm: 4 }}>
        <ReadOnlyAmount label={fieldLabel(workAreaItems, 'totalPrice')} value={totalPrice} />
      </Grid>
      <Grid size={{ xs: 12, sm: 4 }}>
        <ReadOnlyAmount label="Total" value={total} helperText={isTaxCode(tax) ? `With tax ${taxRateLabel(tax)}` : 'No tax'} />
      </Grid>
    </Grid>
  );
}
