import type { ReactNode } from 'react';
import { Box } from '@mui/material';

export interface HeaderFact {
  label: string;
  /** Nothing shows for the fact while this is empty (e.g. still loading). */
  value: ReactNode;
}

/** Under a detail page's title: a line of labelled facts (Number 1007 · Date 4/1/2025 · …), wrapping on a phone. */
export function HeaderFacts({ facts, children }: { facts: HeaderFact[]; children?: ReactNode }) {
  return (
    <Box
      component="dl"
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 2, rowGap: 0.5, m: 0, mt: 0.5, typography: 'body2' }}
    >
      {facts.map(({ label, value }) => (
        <Box key={label} sx={{ display: 'flex', gap: 0.5, minWidth: 0 }}>
          <Box component="dt" sx={{ color: 'text.secondary' }}>
            {label}
          </Box>
          <Box component="dd" sx={{ m: 0, minWidth: 0 }}>
            {value}
          </Box>
        </Box>
      ))}
      {children}
    </Box>
  );
}
