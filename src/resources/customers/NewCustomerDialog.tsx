import { customers, formValidator } from '../../schema';
import { resolveScreens } from '../../schema/screens';
import { AddressInputs } from '../../admin/forms/AddressInputs';
import { entityDefaults } from '../../admin/forms/entityDefaults';
import { NewRecordDialog } from '../../admin/forms/NewRecordDialog';
import { CustomerGeneralInputs } from './CustomerGeneralInputs';

const validateCustomer = formValidator(customers);
const newCustomerDefaults = entityDefaults(customers);
const screens = resolveScreens(customers);

/** New Customer modal: after saving it closes and opens the new customer's detail. */
export function NewCustomerDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <NewRecordDialog
      entity={customers}
      open={open}
      onClose={onClose}
      titleId="new-customer-title"
      title={screens.newTitle}
      savedMessage={screens.savedMessage}
      validate={validateCustomer}
      defaultValues={newCustomerDefaults}
    >
      <CustomerGeneralInputs />
      <AddressInputs entity={customers} />
    </NewRecordDialog>
  );
}
