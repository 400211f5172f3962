import { Button } from '@mui/material';
import AutorenewIcon from '@mui/icons-material/Autorenew';
import { useGetMany, useListContext } from 'react-admin';
import { agreements } from '../../schema';
import { useDialogState } from '../../admin/forms/useDialogState';
import { RenewDialog } from '../estimates/renewal/RenewEstimatesDialog';

/** Renew… on the ticked agreements (issue 40): next season's estimates from their signed ones. */
export function RenewAgreementsButton() {
  const dialog = useDialogState();
  const { selectedIds, onUnselectItems } = useListContext();
  const { data: chosen = [] } = useGetMany(agreements.name, { ids: selectedIds }, { enabled: dialog.isOpen });
  return (
    <>
      <Button variant="contained" startIcon={<AutorenewIcon />} onClick={() => dialog.open(true)}>
        Renew…
      </Button>
      {dialog.isOpen && chosen.length === selectedIds.length && (
        <RenewDialog
          estimateIDs={[...new Set(chosen.map((agreement) => agreement.estimateID))]}
          onClose={dialog.close}
          onDone={onUnselectItems}
        />
      )}
    </>
  );
}
