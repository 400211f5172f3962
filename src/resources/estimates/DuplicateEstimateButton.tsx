import { Button } from '@mui/material';
import FileCopyIcon from '@mui/icons-material/FileCopy';
import type { RaRecord } from 'react-admin';
import { useDialogState } from '../../admin/forms/useDialogState';
import { DuplicateEstimateDialog } from './DuplicateEstimateDialog';

/** Duplicate on the estimate detail (issue 23). */
export function DuplicateEstimateButton({ estimate }: { estimate: RaRecord }) {
  const dialog = useDialogState();
  return (
    <>
      <Button variant="outlined" startIcon={<FileCopyIcon />} onClick={() => dialog.open(true)}>
        Duplicate
      </Button>
      {dialog.isOpen && <DuplicateEstimateDialog estimate={estimate} onClose={dialog.close} />}
    </>
  );
}
