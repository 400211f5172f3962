import { Alert, Button } from '@mui/material';
import AutorenewIcon from '@mui/icons-material/Autorenew';
import { useDialogState } from '../../admin/forms/useDialogState';
import { RenewDialog } from '../estimates/renewal/RenewEstimatesDialog';
import type { AgreementDetail } from './useAgreement';

/** Renew… on an agreement (issue 40): next season's estimate from its signed one, at the percent its costing suggests. */
export function RenewAgreementButton({ agreement }: { agreement: AgreementDetail }) {
  const dialog = useDialogState();
  const suggested = agreement.costing.suggestedRenewalPercent;
  return (
    <>
      <Button size="small" startIcon={<AutorenewIcon />} onClick={() => dialog.open(true)}>
        Renew…
      </Button>
      {dialog.isOpen && (
        <RenewDialog
          estimateIDs={[agreement.estimateID]}
          onClose={dialog.close}
          percent={suggested ?? undefined}
          note={
            suggested !== null && (
              <Alert severity="info" sx={{ mb: 1 }}>
                {suggested}% brings next season back to the target margin at this season’s actual hours.
              </Alert>
            )
          }
        />
      )}
    </>
  );
}
