import { useState } from 'react';
import { Button, Menu, MenuItem } from '@mui/material';
import ArchiveIcon from '@mui/icons-material/Archive';
import UnarchiveIcon from '@mui/icons-material/Unarchive';
import { estimates } from '../../schema';
import { ESTIMATE_STATUSES } from '../../domain/estimates';
import { useBulkAction } from '../../admin/lists/useBulkAction';

/** Archive, Unarchive and Set status, among the actions on the ticked estimates (one request each). */
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
        {ESTIMATE_STATUSES.map((status) => (
          <MenuItem key={status.id} onClick={() => setStatus(status.id)}>
            {status.name}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
