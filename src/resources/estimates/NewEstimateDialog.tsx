import { useGetIdentity, type RaRecord } from 'react-admin';
import { estimates, formValidator, requiredMessage } from '../../schema';
import { CustomerTypeahead } from '../customers/CustomerTypeahead';
import { FieldInput, fieldLabel } from '../../admin/forms/FieldInput';
import { NewRecordDialog } from '../../admin/forms/NewRecordDialog';
import { UserSelect } from '../../admin/forms/UserSelect';
import { EstimateSiteSelect } from './EstimateSiteSelect';
import { estimatePath } from './estimatePaths';

const validateEstimate = formValidator(estimates);
// The customer is not stored from the form (the server takes the site's), but a site is picked through it.
const customerRequired = requiredMessage(estimates.field('customerID')!);

function validateNewEstimate(values: Record<string, unknown>): Record<string, string> {
  const errors = validateEstimate(values);
  return values.customerID ? errors : { customerID: customerRequired, ...errors };
}

/** The body of POST /sites/{siteID}/estimates (SPEC §7). */
function newEstimateBody({ siteID, projectName, salesperson, estimator }: Record<string, unknown>) {
  return { siteID, projectName, salesperson, estimator };
}

interface NewEstimateDialogProps {
  open: boolean;
  onClose: () => void;
  /** Opened from a customer: that customer is filled in. */
  customer?: RaRecord | null;
}

/**
 * New Estimate modal (SPEC §2): project name, customer typeahead, the customer's sites (first
 * preselected), salesperson and estimator (both the signed-in user to begin with); after
 * saving, the new estimate's detail.
 */
export function NewEstimateDialog({ open, onClose, customer = null }: NewEstimateDialogProps) {
  const { identity, isPending } = useGetIdentity();
  const me = identity?.id === '' ? null : (identity?.id ?? null);
  return (
    <NewRecordDialog
      entity={estimates}
      // The form starts with the signed-in user, so it opens once that is known.
      open={open && !isPending}
      onClose={onClose}
      validate={validateNewEstimate}
      defaultValues={{ projectName: '', customerID: customer?.id ?? null, siteID: null, salesperson: me, estimator: me }}
      transform={newEstimateBody}
      recordPath={(created) => estimatePath(created.id)}
    >
      <FieldInput entity={estimates} name="projectName" />
      <CustomerTypeahead label={fieldLabel(estimates, 'customerID')} initialCustomer={customer} />
      <EstimateSiteSelect />
      <UserSelect source="salesperson" label={fieldLabel(estimates, 'salesperson')} />
      <UserSelect source="estimator" label={fieldLabel(estimates, 'estimator')} />
    </NewRecordDialog>
  );
}
