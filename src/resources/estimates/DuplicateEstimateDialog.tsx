import { useGetOne, useNotify, useRedirect, type RaRecord } from 'react-admin';
import { customers, estimates, requiredMessage } from '../../schema';
import { actionValidator, useApiAction } from '../../admin/actions/useApiAction';
import { copyName } from '../../domain/copies';
import { FieldInput, fieldLabel } from '../../admin/forms/FieldInput';
import { RecordDialog } from '../../admin/forms/RecordDialog';
import { useFormSubmit } from '../../admin/forms/useFormSubmit';
import { CustomerTypeahead } from '../customers/CustomerTypeahead';
import { EstimateSiteSelect } from './EstimateSiteSelect';
import { estimatePath } from './estimatePaths';

export const ESTIMATE_DUPLICATED = 'Estimate Duplicated';

const customerRequired = requiredMessage(estimates.field('customerID')!);

/** The copy's site and name (src/schema/actions/estimateCopies.ts); the customer only picks the site. */
const duplicateBody = ({ siteID, projectName }: Record<string, unknown>) => ({ siteID: siteID ?? '', projectName: projectName ?? '' });
const validateBody = actionValidator('duplicateEstimate', duplicateBody);

function validateDuplicate(values: Record<string, unknown>) {
  return { ...validateBody(values), ...(values.customerID ? {} : { customerID: customerRequired }) };
}

/**
 * Duplicate (issue 23): a copy of the estimate as stored — every area, item and note — on this
 * site or any customer's, named "<name> (copy)"; the copy opens once made.
 */
export function DuplicateEstimateDialog({ estimate, onClose }: { estimate: RaRecord; onClose: () => void }) {
  const duplicateAction = useApiAction('duplicateEstimate');
  const notify = useNotify();
  const redirect = useRedirect();
  const { data: customer, isPending } = useGetOne(customers.name, { id: estimate.customerID });

  const duplicate = useFormSubmit(async (values) => {
    const { id } = await duplicateAction.mutateAsync([estimate.id, duplicateBody(values)]);
    notify(ESTIMATE_DUPLICATED, { type: 'success' });
    onClose();
    redirect(estimatePath(id));
  });

  if (isPending) return null;
  return (
    <RecordDialog
      titleId="duplicate-estimate-title"
      title="Duplicate Estimate"
      onClose={onClose}
      record={{
        projectName: copyName(String(estimate.projectName ?? ''), estimates.field('projectName')!.max!),
        customerID: estimate.customerID,
        siteID: estimate.siteID,
      }}
      validate={validateDuplicate}
      onSubmit={duplicate}
    >
      <FieldInput entity={estimates} name="projectName" />
      <CustomerTypeahead label={fieldLabel(estimates, 'customerID')} initialCustomer={customer ?? null} />
      <EstimateSiteSelect />
    </RecordDialog>
  );
}
