import { Card, CardContent, CardHeader, Grid, Stack } from '@mui/material';
import { sites } from '../../schema';
import { AddressInputs } from '../../admin/forms/AddressInputs';
import { AddressMapLink } from '../../admin/forms/AddressMapLink';
import { FieldInput } from '../../admin/forms/FieldInput';
import { DetailPage } from '../../admin/detail/DetailPage';
import { SiteFormInvalidAlert } from './SiteFormInvalidAlert';
import { SiteServicesCard } from './SiteServicesCard';
import { SiteSnowLogCard } from './SiteSnowLogCard';
import { SitePlanCard } from './SitePlanCard';
import { PhotoGallery } from '../photos/PhotoGallery';
import { CustomFieldsCard } from '../../admin/customFields/CustomFieldsCard';
import { CustomerLink } from '../customers/CustomerLink';

/** /sites/:id — saved in place; a refused save (409) keeps the edits on screen. */
export function SiteEdit() {
  return (
    <DetailPage
      entity={sites}
      invalidFormAlert={<SiteFormInvalidAlert />}
      // SPEC §4: back to where the site was opened from, or the sites list when opened directly.
      afterDelete={{ to: `/${sites.route}`, goBackWhenPossible: true }}
      // The site's customer, to get back to it (beyond SPEC, which shows no customer here).
      subtitle={(record) => <CustomerLink customerId={record.customerID} />}
    >
      {(record) => (
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
                <CardHeader title="Address" action={<AddressMapLink />} sx={{ '& .MuiCardHeader-action': { alignSelf: 'center', m: 0 } }} />
                <CardContent>
                  <AddressInputs entity={sites} />
                </CardContent>
              </Card>
              <CustomFieldsCard entity="sites" />
              {/* The photos end the first column: nothing follows them there, so what they load moves nothing on screen (layout shift). */}
              <PhotoGallery owner="sites" ownerID={record.id} />
            </Stack>
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <Stack spacing={2}>
              {/* Above the services, whose list arrives later: it would push the log down (layout shift). */}
              <SiteSnowLogCard siteId={record.id} />
              <SiteServicesCard siteId={record.id} />
            </Stack>
          </Grid>
          {/* The whole width, a plan wants room to draw on; under the first column, the taller, so the second's lists do not move it. */}
          <Grid size={12}>
            <SitePlanCard siteId={record.id} />
          </Grid>
        </Grid>
      )}
    </DetailPage>
  );
}
