import { useGetOne, type Identifier } from 'react-admin';
import { customers, estimates } from '../../schema';
import { RelatedRecordsTable } from '../../admin/lists/RelatedRecordsTable';
import { useDialogState } from '../../admin/forms/useDialogState';
import { customerEstimateColumns } from './estimateColumns';
import { estimatePath } from './estimatePaths';
import { NewEstimateDialog } from './NewEstimateDialog';

/**
 * The customer detail's Estimates tab (SPEC §2): every estimate of the customer, archived ones
 * too (GET /customers/{id}/estimates), newest number first; a row opens the estimate, New opens
 * the New Estimate modal with the customer filled in.
 */
export function CustomerEstimatesTab({ customerId }: { customerId: Identifier }) {
  const newEstimate = useDialogState();
  const { data: customer } = useGetOne(customers.name, { id: customerId });
  return (
    <RelatedRecordsTable
      entity={estimates}
      target="customerID"
      id={customerId}
      columns={customerEstimateColumns}
      rowLink={(estimate) => estimatePath(estimate.id)}
      label="Estimates"
      onNew={() => newEstimate.open(true)}
      newDisabled={!customer}
    >
      <NewEstimateDialog open={newEstimate.isOpen} onClose={newEstimate.close} customer={customer} />
    </RelatedRecordsTable>
  );
}
