import { useState } from 'react';
import { Button, ListItemText, Menu, MenuItem } from '@mui/material';
import ArchiveIcon from '@mui/icons-material/Archive';
import UnarchiveIcon from '@mui/icons-material/Unarchive';
import { estimates } from '../../schema';
import { ESTIMATE_STATUS, ESTIMATE_STATUSES } from '../../domain/estimates';
import { lostReasonMessages } from '../../domain/lostReasons';
import { useBulkAction } from '../../admin/lists/useBulkAction';

/** Archive, Unarchive and Set status (all but Estimate Lost), among the actions on the ticked estimates (one request each). */
export function EstimateBulkActions() {
  const { run, isPending } = useBulkAction(estimates.route);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const setStatus = (status: number) => {
    setAnchor(null);
    void run('setStatus', { status });
  };
  return (
    <>
      <Button variant="outlined" startIcon={<ArchiveIcon />} disabled={isPending} onClick={() => void run('archive')}>
        Archive
      </Button>
      <Button variant="outlined" startIcon={<UnarchiveIcon />} disabled={isPending} onClick={() => void run('unarchive')}>
        Unarchive
      </Button>
      <Button variant="outlined" disabled={isPending} aria-haspopup="menu" onClick={(event) => setAnchor(event.currentTarget)}>
        Set status
      </Button>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {ESTIMATE_STATUSES.map((status) =>
          // Each lost estimate needs its own reason (issue 39): marked lost on its page, not in bulk.
          status.id === ESTIMATE_STATUS.lost ? (
            <MenuItem key={status.id} disabled>
              <ListItemText primary={status.name} secondary={lostReasonMessages.oneAtATime} />
            </MenuItem>
          ) : (
            <MenuItem key={status.id} onClick={() => setStatus(status.id)}>
              {status.name}
            </MenuItem>
          ),
        )}
      </Menu>
    </>
  );
}
