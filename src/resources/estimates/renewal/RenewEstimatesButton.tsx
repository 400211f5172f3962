import { Button } from '@mui/material';
import AutorenewIcon from '@mui/icons-material/Autorenew';
import { useDialogState } from '../../../admin/forms/useDialogState';
import { RenewEstimatesDialog } from './RenewEstimatesDialog';

/** Renew…, among the actions on the estimates ticked in the list (issue 23). */
export function RenewEstimatesButton() {
  const dialog = useDialogState();
  return (
    <>
      <Button variant="contained" startIcon={<AutorenewIcon />} onClick={() => dialog.open(true)}>
        Renew…
      </Button>
      {dialog.isOpen && <RenewEstimatesDialog onClose={dialog.close} />}
    </>
  );
}
