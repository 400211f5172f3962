import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { CreateBase, Form, SaveButton, useNavigate, type RaRecord } from 'react-admin';
import { customers, formValidator } from '../../schema';
import { showSuccess } from '../../custom/alerts/alertStore';
import { AddressInputs } from '../../custom/forms/AddressInputs';
import { entityDefaults } from '../../custom/forms/entityDefaults';
import { InvalidFormWarning } from '../../custom/forms/InvalidFormWarning';
import { CustomerGeneralInputs } from './CustomerGeneralInputs';

const validateCustomer = formValidator(customers);
const newCustomerDefaults = entityDefaults(customers);

/** New Customer modal: after saving it closes and opens the new customer's detail. */
export function NewCustomerDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const navigate = useNavigate();

  const onSuccess = (created: RaRecord) => {
    showSuccess('Customer Saved');
    onClose();
    navigate(`/customers/${created.id}`);
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="new-customer-title">
      <CreateBase resource={customers.name} redirect={false} mutationOptions={{ onSuccess }}>
        <Form validate={validateCustomer} defaultValues={newCustomerDefaults} disableInvalidFormNotification>
          <InvalidFormWarning />
          <DialogTitle id="new-customer-title">New Customer</DialogTitle>
          <DialogContent>
            <CustomerGeneralInputs />
            <AddressInputs entity={customers} />
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>Close</Button>
            <SaveButton alwaysEnable />
          </DialogActions>
        </Form>
      </CreateBase>
    </Dialog>
  );
}
