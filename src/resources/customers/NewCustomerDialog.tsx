import { customers } from '../../schema';
import { AddressInputs } from '../../admin/forms/AddressInputs';
import { entityDefaults } from '../../admin/forms/entityDefaults';
import { NewRecordDialog } from '../../admin/forms/NewRecordDialog';
import { CustomerGeneralInputs } from './CustomerGeneralInputs';
import { CustomFieldInputs } from '../../admin/customFields/CustomFieldsCard';

const newCustomerDefaults = entityDefaults(customers);

/** New Customer modal: after saving it closes and opens the new customer's detail. */
export function NewCustomerDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <NewRecordDialog entity={customers} open={open} onClose={onClose} defaultValues={newCustomerDefaults}>
      <CustomerGeneralInputs />
      <AddressInputs entity={customers} />
      <CustomFieldInputs entity="customers" />
    </NewRecordDialog>
  );
}
