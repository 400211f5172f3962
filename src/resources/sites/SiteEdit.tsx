import { Box, Button, Card, CardContent, CardHeader, Grid, Link, Stack, Typography } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import { EditBase, Form, SaveButton, useEditContext, useGetOne } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { customers, formValidator, sites } from '../../schema';
import { showSuccess } from '../../custom/alerts/alertStore';
import { AddressInputs } from '../../custom/forms/AddressInputs';
import { ConfirmDialog } from '../../custom/forms/ConfirmDialog';
import { FieldInput } from '../../custom/forms/FieldInput';
import { useDialogState } from '../../custom/forms/useDialogState';
import { SiteFormInvalidAlert } from './SiteFormInvalidAlert';
import { SiteServicesCard } from './SiteServicesCard';
import { useDeleteSite } from './useDeleteSite';

const validateSite = formValidator(sites);
export const DELETE_SITE_QUESTION = 'Are you sure you would like to delete this site?';

/** /sites/:id — saved in place; a refused save (409) keeps the edits on screen. */
export function SiteEdit() {
  return (
    <EditBase
      resource={sites.name}
      mutationMode="pessimistic"
      redirect={false}
      mutationOptions={{ onSuccess: () => showSuccess('Site Saved') }}
    >
      <SiteDetail />
    </EditBase>
  );
}

function SiteDetail() {
  const { record } = useEditContext();
  const confirm = useDialogState();
  const { deleteSite, isPending: deleting } = useDeleteSite(record, confirm.close);
  if (!record) return null;

  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Form validate={validateSite} disableInvalidFormNotification>
        <SiteFormInvalidAlert />
        <Stack direction="row" alignItems="center" justifyContent="space-between" spacing={2} sx={{ mb: 2 }}>
          <Box>
            <Typography variant="h5" component="h1">
              {record.name}
            </Typography>
            <CustomerLink customerId={record.customerID} />
          </Box>
          <Stack direction="row" spacing={1}>
            <Button color="error" variant="outlined" startIcon={<DeleteIcon />} onClick={() => confirm.open(true)}>
              Delete
            </Button>
            <SaveButton alwaysEnable />
          </Stack>
        </Stack>
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, md: 6 }}>
            <Stack spacing={2}>
              <Card>
                <CardHeader title="General" />
                <CardContent>
                  <FieldInput entity={sites} name="name" />
                </CardContent>
              </Card>
              <Card>
                <CardHeader title="Notes" />
                <CardContent>
                  <FieldInput entity={sites} name="notes" rows={5} />
                </CardContent>
              </Card>
              <Card>
                <CardHeader title="Address" />
                <CardContent>
                  <AddressInputs entity={sites} />
                </CardContent>
              </Card>
            </Stack>
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <SiteServicesCard siteId={record.id} />
          </Grid>
        </Grid>
      </Form>
      <ConfirmDialog
        open={confirm.isOpen}
        message={DELETE_SITE_QUESTION}
        isPending={deleting}
        onConfirm={deleteSite}
        onClose={confirm.close}
      />
    </Box>
  );
}

/** The site's customer, to get back to it (beyond SPEC, which shows no customer here). */
function CustomerLink({ customerId }: { customerId: number }) {
  const { data } = useGetOne(customers.name, { id: customerId }, { enabled: Boolean(customerId) });
  if (!data) return null;
  return (
    <Link component={RouterLink} to={`/${customers.route}/${customerId}`} variant="body2">
      {data.name}
    </Link>
  );
}
