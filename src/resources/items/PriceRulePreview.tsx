import { useId, useState } from 'react';
import { Stack, TextField, Typography } from '@mui/material';
import { useWatch } from 'react-hook-form';
import { formatMoney } from '../../domain/money';
import { PRICE_RULE_TYPE_LABELS, isPriceRuleType, parseSize, unitPriceFromSize, type PriceRule } from '../../domain/priceRules';
import { RULES_SOURCE } from './itemForm';

/**
 * Live "size → unit price" preview of the rules being edited, with the same domain function
 * the estimates use, so what the editor shows is what an estimate line will get.
 */
export function PriceRulePreview() {
  const [size, setSize] = useState('');
  const [price, rules] = useWatch({ name: ['price', RULES_SOURCE] }) as [unknown, PriceRule[] | undefined];
  const resultId = useId();
  const basePrice = typeof price === 'number' ? price : Number.NaN;
  const usable = (rules ?? []).filter((rule) => rule && isPriceRuleType(rule.type));
  const result = unitPriceFromSize(usable, size, basePrice);

  let message: string;
  if (size.trim() === '') message = 'Enter a size to see the unit price its rules give.';
  else if (parseSize(size) === null) message = 'The size must be a number of 0 or more.';
  else if (!Number.isFinite(basePrice)) message = 'Enter the item price first.';
  else if (!result) message = 'No rule gives a price for this size.';
  else {
    const rule = PRICE_RULE_TYPE_LABELS[result.rule.type as keyof typeof PRICE_RULE_TYPE_LABELS];
    message = `Unit price: ${formatMoney(result.unitPrice)}, by the ${rule} rule`;
  }

  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ sm: 'center' }} sx={{ mt: 1 }}>
      <TextField
        label="Preview size"
        size="small"
        value={size}
        onChange={(event) => setSize(event.target.value)}
        inputProps={{ inputMode: 'decimal', 'aria-describedby': resultId }}
        sx={{ width: { xs: '100%', sm: 160 } }}
      />
      <Typography id={resultId} role="status" aria-live="polite" variant="body2">
        {message}
      </Typography>
    </Stack>
  );
}
