import { Box, Button, Card, CardContent, CardHeader, Grid, LinearProgress, Stack, Typography } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import { EditBase, Form, SaveButton, useEditContext } from 'react-admin';
import { customers, formValidator } from '../../schema';
import { showSuccess } from '../../custom/alerts/alertStore';
import { AddressInputs } from '../../custom/forms/AddressInputs';
import { ConfirmDialog } from '../../custom/forms/ConfirmDialog';
import { InvalidFormWarning } from '../../custom/forms/InvalidFormWarning';
import { useDialogState } from '../../custom/forms/useDialogState';
import { CustomerGeneralInputs } from './CustomerGeneralInputs';
import { CustomerTabs } from './CustomerTabs';
import { useDeleteCustomer } from './useDeleteCustomer';

const validateCustomer = formValidator(customers);
const DELETE_CUSTOMER_QUESTION = 'Are you sure you would like to delete this customer?';

/** /customers/:id — saved in place; a refused save (409) keeps the edits on screen. */
export function CustomerEdit() {
  return (
    <EditBase
      resource={customers.name}
      mutationMode="pessimistic"
      redirect={false}
      mutationOptions={{ onSuccess: () => showSuccess('Customer Saved') }}
    >
      <CustomerDetail />
    </EditBase>
  );
}

function CustomerDetail() {
  const { record } = useEditContext();
  const confirm = useDialogState();
  const { deleteCustomer, isPending: deleting } = useDeleteCustomer(record, confirm.close);
  if (!record) return <LinearProgress aria-label="Loading" />;

  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Form validate={validateCustomer} disableInvalidFormNotification>
        <InvalidFormWarning />
        <Stack direction="row" alignItems="center" justifyContent="space-between" spacing={2} sx={{ mb: 2 }}>
          <Typography variant="h5" component="h1">
            {record.name}
          </Typography>
          <Stack direction="row" spacing={1}>
            <Button color="error" variant="outlined" startIcon={<DeleteIcon />} onClick={() => confirm.open(true)}>
              Delete
            </Button>
            <SaveButton alwaysEnable />
          </Stack>
        </Stack>
        <Grid container spacing={2} sx={{ mb: 2 }}>
          <Grid size={{ xs: 12, md: 6 }}>
            <Card>
              <CardHeader title="General" />
              <CardContent>
                <CustomerGeneralInputs />
              </CardContent>
            </Card>
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <Card>
              <CardHeader title="Address" />
              <CardContent>
                <AddressInputs entity={customers} />
              </CardContent>
            </Card>
          </Grid>
        </Grid>
      </Form>
      <CustomerTabs customerId={record.id} />
      <ConfirmDialog
        open={confirm.isOpen}
        message={DELETE_CUSTOMER_QUESTION}
        isPending={deleting}
        onConfirm={deleteCustomer}
        onClose={confirm.close}
      />
    </Box>
  );
}
