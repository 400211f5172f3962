import type { ReactNode } from 'react';
import { Box, Skeleton } from '@mui/material';

export interface HeaderFact {
  label: string;
  /** A placeholder of its size shows while this is empty (still loading). */
  value: ReactNode;
  /**
   * On a line of its own, cut with an ellipsis when too long: a fact that arrives late (loaded
   * after the record) then never moves the page when it comes (a layout shift).
   */
  ownLine?: boolean;
}

/** Under a detail page's title: a line of labelled facts (Number 1007 · Date 4/1/2025 · …), wrapping on a phone. */
export function HeaderFacts({ facts, children }: { facts: HeaderFact[]; children?: ReactNode }) {
  return (
    <Box
      component="dl"
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 2, rowGap: 0.5, m: 0, mt: 0.5, typography: 'body2' }}
    >
      {facts.map(({ label, value, ownLine }) => (
        <Box key={label} sx={{ display: 'flex', gap: 0.5, minWidth: 0, ...(ownLine && { flexBasis: '100%', order: 1 }) }}>
          <Box component="dt" sx={{ color: 'text.secondary' }}>
            {label}
          </Box>
          <Box
            component="dd"
            sx={{ m: 0, minWidth: 0, ...(ownLine && { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }) }}
          >
            {value ?? <Skeleton variant="text" width="16em" />}
          </Box>
        </Box>
      ))}
      {children}
    </Box>
  );
}
