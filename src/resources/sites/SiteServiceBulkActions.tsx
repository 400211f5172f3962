import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, TextField } from '@mui/material';
import HandymanIcon from '@mui/icons-material/Handyman';
import { useGetList, type RaRecord } from 'react-admin';
import { services, sites } from '../../schema';
import { ALL_ROWS } from '../../admin/lists/pageLinks';
import { useBulkAction } from '../../admin/lists/useBulkAction';

/** Services…, among the actions on the ticked sites: assign one service to all of them, or unassign it. */
export function SiteServiceBulkActions() {
  const [open, setOpen] = useState(false);
  const [serviceID, setServiceID] = useState<number | ''>('');
  const { run, isPending, selectedIds } = useBulkAction(sites.route);
  const { data } = useGetList<RaRecord>(
    services.name,
    { pagination: ALL_ROWS, sort: { field: services.defaultSort.key, order: 'ASC' } },
    { enabled: open },
  );
  const act = async (action: 'assignService' | 'unassignService') => {
    if (await run(action, { serviceID })) setOpen(false);
  };
  return (
    <>
      <Button variant="outlined" startIcon={<HandymanIcon />} onClick={() => setOpen(true)}>
        Services…
      </Button>
      <Dialog open={open} onClose={isPending ? undefined : () => setOpen(false)} aria-labelledby="site-services-bulk-title">
        <DialogTitle id="site-services-bulk-title">Services of {selectedIds.length} sites</DialogTitle>
        <DialogContent>
          <TextField
            select
            fullWidth
            margin="dense"
            label="Service"
            value={serviceID}
            onChange={(event) => setServiceID(Number(event.target.value))}
          >
            {(data ?? []).map((service) => (
              <MenuItem key={service.id} value={service.id as number}>
                {String(service.name)}
              </MenuItem>
            ))}
          </TextField>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)} disabled={isPending}>
            Cancel
          </Button>
          <Button onClick={() => void act('unassignService')} disabled={isPending || serviceID === ''}>
            Unassign
          </Button>
          <Button variant="contained" onClick={() => void act('assignService')} disabled={isPending || serviceID === ''}>
            Assign
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
