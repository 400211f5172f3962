import type { ReactNode } from 'react';
import { Button, Stack, Typography } from '@mui/material';
import { useListContext } from 'react-admin';

/** Above a list whose rows are ticked: how many, the actions on them, and Clear. */
export function BulkActionsBar({ children }: { children: ReactNode }) {
  const { selectedIds, onUnselectItems } = useListContext();
  if (!selectedIds.length) return null;
  return (
    <Stack
      direction="row"
      spacing={1}
      role="toolbar"
      aria-label="Actions on the selected rows"
      sx={{ px: 2, py: 1, alignItems: 'center', bgcolor: 'action.selected', flexWrap: 'wrap', rowGap: 1 }}
    >
      <Typography sx={{ mr: 'auto' }} aria-live="polite">
        {selectedIds.length} selected
      </Typography>
      {children}
      <Button onClick={() => onUnselectItems()}>Clear selection</Button>
    </Stack>
  );
}
