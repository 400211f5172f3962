import type { ReactNode } from 'react';
import { Typography } from '@mui/material';
import { isSnowSheet } from '../../../../domain/snowPricing';

/** "Expected season: 12 events, 40 in": what a snow area's subtotal stands for. */
export const expectedSeasonCaption = (sheet: { expectedEvents: number; expectedInches: number }) =>
  `Expected season: ${sheet.expectedEvents} event${sheet.expectedEvents === 1 ? '' : 's'}, ${sheet.expectedInches} in`;

/** An area's subtotal; a snow area's with the expected season it is the cost of underneath. */
export function SnowSubtotal({ sheet, children }: { sheet: unknown; children: ReactNode }) {
  if (!isSnowSheet(sheet)) return <>{children}</>;
  return (
    <>
      {children}
      <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
        {expectedSeasonCaption(sheet)}
      </Typography>
    </>
  );
}
