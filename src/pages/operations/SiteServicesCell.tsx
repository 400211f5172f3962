import { useState, type MouseEvent } from 'react';
import { Button, List, ListItem, ListItemText, Popover } from '@mui/material';
import type { OperationRow } from '../../schema/operations';

/** Site Services (SPEC §2): how many, and a popover with their names. */
export function SiteServicesCell({ row }: { row: Pick<OperationRow, 'siteName' | 'services'> }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const count = row.services.length;
  if (count === 0) return <>0</>;
  // Opening the list is not opening the site.
  const open = (event: MouseEvent<HTMLElement>) => {
    event.stopPropagation();
    setAnchor(event.currentTarget);
  };
  return (
    <>
      <Button
        size="small"
        variant="outlined"
        onClick={open}
        onKeyDown={(event) => event.stopPropagation()}
        aria-label={`${count} ${count === 1 ? 'service' : 'services'} of ${row.siteName}`}
        aria-haspopup="dialog"
        sx={{ minWidth: 40 }}
      >
        {count}
      </Button>
      <Popover
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        onClick={(event) => event.stopPropagation()}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
        slotProps={{ paper: { role: 'dialog', 'aria-label': `Services of ${row.siteName}` } as object }}
      >
        <List dense sx={{ minWidth: 200 }}>
          {row.services.map((service) => (
            <ListItem key={service.id}>
              <ListItemText primary={service.name} />
            </ListItem>
          ))}
        </List>
      </Popover>
    </>
  );
}
