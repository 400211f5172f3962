import { Button } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { customers } from '../../schema';
import { ResourceListPage } from '../../custom/lists/ResourceListPage';
import { useDialogState } from '../../custom/forms/useDialogState';
import { NewCustomerDialog } from './NewCustomerDialog';

/** /customers: search, sortable columns from the declaration, paging, 'New Customer' modal. */
export function CustomerList() {
  const newCustomer = useDialogState();
  return (
    <ResourceListPage
      entity={customers}
      title="Customers"
      searchPlaceholder="Search Customers"
      actions={
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => newCustomer.open(true)}>
          New Customer
        </Button>
      }
    >
      <NewCustomerDialog open={newCustomer.isOpen} onClose={newCustomer.close} />
    </ResourceListPage>
  );
}
