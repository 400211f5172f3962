import { Box, Typography } from '@mui/material';
import { useWatch } from 'react-hook-form';
import { formatMoney } from '../../../../domain/money';
import { expectedSeasonTotal } from '../../../../domain/snowCharges';
import { parseSnowPricing } from '../../../../domain/snowPricing';
import { snowPricingWords } from '../../../../domain/snowWords';
import { SNOW_SOURCE, sheetOfDraft } from './snowDraft';

/**
 * The sheet as typed, live: the expected season's figure (what the area's subtotal becomes)
 * and the sheet in the plain words the proposal prints; what is still wrong while incomplete.
 */
export function SnowPreview() {
  const draft = useWatch({ name: SNOW_SOURCE });
  const parsed = parseSnowPricing(sheetOfDraft(draft));
  if ('error' in parsed) {
    return (
      <Typography variant="body2" color="text.secondary" role="status">
        Preview once the sheet is complete — {parsed.error}
      </Typography>
    );
  }
  if (!parsed.value) return null;
  const words = snowPricingWords(parsed.value);
  return (
    <Box role="region" aria-label="Snow pricing preview" sx={{ mt: 1, p: 1.5, bgcolor: 'action.hover', borderRadius: 1 }}>
      <Typography variant="subtitle2">Expected season: {formatMoney(expectedSeasonTotal(parsed.value))}</Typography>
      {words.lines.map((line, index) => (
        <Typography key={index} variant="body2">
          {line}
        </Typography>
      ))}
      <Typography variant="body2" color="text.secondary">
        {words.expected}
      </Typography>
    </Box>
  );
}
