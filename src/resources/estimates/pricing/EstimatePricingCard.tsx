import { useEffect } from 'react';
import { Card, CardContent, CardHeader, TextField } from '@mui/material';
import { NumberInput, type Identifier } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { checkField, estimates } from '../../../schema';
import { formatMoney } from '../../../domain/money';
import { discountAmount, estimatePricing } from '../../../domain/pricing';
import { useEstimateWorkAreas } from '../workAreas/useEstimateWorkAreas';

const discountField = estimates.field('discount')!;

/** A discount taken off: '−$12.34' (a minus sign), '$0.00' when there is none. */
export function formatDiscount(amount: number | undefined): string {
  if (amount === undefined) return '';
  return amount > 0 ? `\u2212${formatMoney(amount)}` : formatMoney(0);
}

/**
 * Pricing (SPEC §2): the Discount (%) input and read-only Subtotal, Discount (the amount taken
 * off, always shown so that Subtotal − Discount + Taxes = Total reads on screen), Taxes and
 * Total, computed live from the estimate's work areas and the discount as typed (blank while
 * it is invalid, which the input says at once, with the server's messages).
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
        <Figure label="Subtotal" shown={formatMoney(pricing?.subtotal)} pending={isPending} />
        <Figure label={discountField.label} shown={formatDiscount(pricing ? discountAmount(pricing) : undefined)} pending={isPending} />
        <Figure label="Taxes" shown={formatMoney(pricing?.taxes)} pending={isPending} />
        <Figure label="Total" shown={formatMoney(pricing?.total)} pending={isPending} />
      </CardContent>
    </Card>
  );
}

/**
 * A read-only amount, dressed as the inputs beside it: with the same room for a helper line,
 * so that the figures sit level with the inputs of the General card.
 */
function Figure({ label, shown, pending }: { label: string; shown: string; pending: boolean }) {
  return (
    <TextField
      label={label}
      value={pending ? '' : shown}
      helperText=" "
      fullWidth
      slotProps={{ input: { readOnly: true }, htmlInput: { style: { textAlign: 'right' } } }}
    />
  );
}
