import { useEffect } from 'react';
import { Card, CardContent, CardHeader, TextField } from '@mui/material';
import { NumberInput, type Identifier } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { checkField, estimates } from '../../schema';
import { formatMoney } from '../../domain/money';
import { estimatePricing } from '../../domain/pricing';
import { useEstimateWorkAreas } from '../../custom/workAreas/useEstimateWorkAreas';

const discountField = estimates.field('discount')!;

/**
 * Pricing (SPEC §2): the Discount (%) input and read-only Subtotal, Taxes and Total, computed
 * live from the estimate's work areas and the discount as typed (blank while it is invalid,
 * which the input says at once, with the server's messages).
 */
export function EstimatePricingCard({ estimateId }: { estimateId: Identifier }) {
  const { data: areas, isPending } = useEstimateWorkAreas(estimateId);
  const discount = useWatch({ name: 'discount' });
  const { trigger, getFieldState } = useFormContext();
  const discountIsValid = !('error' in checkField(discountField, discount));
  const pricing = areas && discountIsValid ? estimatePricing(areas, discount) : null;

  useEffect(() => {
    if (getFieldState('discount').isDirty) void trigger('discount');
  }, [discount, getFieldState, trigger]);

  return (
    <Card sx={{ height: '100%' }}>
      <CardHeader title="Pricing" slotProps={{ title: { component: 'h2' } }} />
      <CardContent>
        <NumberInput source="discount" label={`${discountField.label} (%)`} />
        <Figure label="Subtotal" value={pricing?.subtotal} pending={isPending} />
        <Figure label="Taxes" value={pricing?.taxes} pending={isPending} />
        <Figure label="Total" value={pricing?.total} pending={isPending} />
      </CardContent>
    </Card>
  );
}

/**
 * A read-only amount, dressed as the inputs beside it: with the same room for a helper line,
 * so that Subtotal, Taxes and Total sit level with Status, Salesperson and Estimator.
 */
function Figure({ label, value, pending }: { label: string; value: number | undefined; pending: boolean }) {
  return (
    <TextField
      label={label}
      value={pending ? '' : formatMoney(value)}
      helperText=" "
      fullWidth
      slotProps={{ input: { readOnly: true }, htmlInput: { style: { textAlign: 'right' } } }}
    />
  );
}
