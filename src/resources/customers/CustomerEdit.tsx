import { Card, CardContent, CardHeader, Grid, LinearProgress, Stack } from '@mui/material';
import { CustomFieldsCard } from '../../admin/customFields/CustomFieldsCard';
import { customers } from '../../schema';
import { AddressInputs } from '../../admin/forms/AddressInputs';
import { AddressMapLink } from '../../admin/forms/AddressMapLink';
import { DetailPage } from '../../admin/detail/DetailPage';
import { CustomerGeneralInputs } from './CustomerGeneralInputs';
import { CustomerTabs } from './CustomerTabs';

/** /customers/:id — saved in place; a refused save (409) keeps the edits on screen. */
export function CustomerEdit() {
  return (
    <DetailPage
      entity={customers}
      // A refused delete (409: estimates attached) stays on the customer.
      afterDelete={{ to: `/${customers.route}` }}
      loading={<LinearProgress aria-label="Loading" />}
      footer={(record) => <CustomerTabs customerId={record.id} />}
    >
      {() => (
        <Grid container spacing={2} sx={{ mb: 2 }}>
          <Grid size={{ xs: 12, md: 6 }}>
            <Stack spacing={2}>
              <Card>
                <CardHeader title="General" />
                <CardContent>
                  <CustomerGeneralInputs />
                </CardContent>
              </Card>
              <CustomFieldsCard entity="customers" />
            </Stack>
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <Card>
              <CardHeader title="Address" action={<AddressMapLink />} sx={{ '& .MuiCardHeader-action': { alignSelf: 'center', m: 0 } }} />
              <CardContent>
                <AddressInputs entity={customers} />
              </CardContent>
            </Card>
          </Grid>
        </Grid>
      )}
    </DetailPage>
  );
}
