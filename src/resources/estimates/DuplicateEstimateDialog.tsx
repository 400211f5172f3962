import { useDataProvider, useGetOne, useNotify, useRedirect, type RaRecord } from 'react-admin';
import { customers, estimates, formValidator, requiredMessage } from '../../schema';
import type { YardstickDataProvider } from '../../providers/dataProvider';
import { copyName } from '../../domain/copies';
import { FieldInput, fieldLabel } from '../../admin/forms/FieldInput';
import { RecordDialog } from '../../admin/forms/RecordDialog';
import { useFormSubmit } from '../../admin/forms/useFormSubmit';
import { CustomerTypeahead } from '../customers/CustomerTypeahead';
import { EstimateSiteSelect } from './EstimateSiteSelect';
import { estimatePath } from './estimatePaths';

export const ESTIMATE_DUPLICATED = 'Estimate Duplicated';

const validateEstimate = formValidator(estimates);
const customerRequired = requiredMessage(estimates.field('customerID')!);

function validateDuplicate(values: Record<string, unknown>): Record<string, string> {
  const { projectName, siteID } = validateEstimate(values);
  const errors: Record<string, string> = {};
  if (!values.customerID) errors.customerID = customerRequired;
  if (projectName) errors.projectName = projectName;
  if (siteID) errors.siteID = siteID;
  return errors;
}

/**
 * Duplicate (issue 23): a copy of the estimate as stored — every area, item and note — on this
 * site or any customer's, named "<name> (copy)"; the copy opens once made.
 */
export function DuplicateEstimateDialog({ estimate, onClose }: { estimate: RaRecord; onClose: () => void }) {
  const dataProvider = useDataProvider<YardstickDataProvider>();
  const notify = useNotify();
  const redirect = useRedirect();
  const { data: customer, isPending } = useGetOne(customers.name, { id: estimate.customerID });

  const duplicate = useFormSubmit(async ({ siteID, projectName }) => {
    const { id } = await dataProvider.request<{ id: number }>('POST', `/estimates/${encodeURIComponent(String(estimate.id))}/duplicate`, {
      body: { siteID, projectName },
    });
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
