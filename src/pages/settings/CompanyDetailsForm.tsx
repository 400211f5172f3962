import { Card, CardContent, CardHeader, Grid } from '@mui/material';
import { Form } from 'react-admin';
import { companyProfile } from '../../schema/companyProfile';
import { formValidator } from '../../schema';
import { AddressSearchInput } from '../../admin/forms/AddressSearchInput';
import { FieldInput, fieldLabel } from '../../admin/forms/FieldInput';
import { FormSaveButton } from '../../admin/forms/FormSaveButton';
import { InvalidFormWarning } from '../../admin/forms/InvalidFormWarning';
import { PhoneInput } from '../../admin/forms/PhoneInput';
import { StateSelect } from '../../admin/forms/StateSelect';
import { UnsavedChangesGuard } from '../../admin/forms/UnsavedChangesGuard';
import { useSaveCompanyProfile, type CompanyProfile } from '../../company/useCompanyProfile';
import { AdminOnlyControls } from './AdminOnly';
import { TimeZoneInput } from './TimeZoneInput';

export const COMPANY_SAVED = 'Company Profile Saved';

const validateCompany = formValidator(companyProfile);

/** The company's name, address and contact lines, saved with the version they were read at. */
export function CompanyDetailsForm({ profile, onSaved }: { profile: CompanyProfile; onSaved: () => void }) {
  const save = useSaveCompanyProfile(profile, COMPANY_SAVED, onSaved);

  return (
    <Card>
      <CardHeader title="Company" subheader="Printed at the top of every proposal and materials list." />
      <CardContent>
        {/* A new version (after a save) starts the form again from what was stored. */}
        <Form key={profile.version} record={profile} onSubmit={save} validate={validateCompany} disableInvalidFormNotification noValidate>
          <UnsavedChangesGuard />
          <InvalidFormWarning />
          <AdminOnlyControls>
            <FieldInput entity={companyProfile} name="name" />
            <AddressSearchInput entity={companyProfile} />
            <FieldInput entity={companyProfile} name="address2" />
            <Grid container columnSpacing={2}>
              <Grid size={{ xs: 12, sm: 5 }}>
                <FieldInput entity={companyProfile} name="city" />
              </Grid>
              <Grid size={{ xs: 12, sm: 4 }}>
                <StateSelect label={fieldLabel(companyProfile, 'state')} />
              </Grid>
              <Grid size={{ xs: 12, sm: 3 }}>
                <FieldInput entity={companyProfile} name="zip" />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <PhoneInput source="phone" label={fieldLabel(companyProfile, 'phone')} />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <FieldInput entity={companyProfile} name="email" />
              </Grid>
            </Grid>
            <FieldInput entity={companyProfile} name="website" />
            <TimeZoneInput />
            <FormSaveButton label="Save" />
          </AdminOnlyControls>
        </Form>
      </CardContent>
    </Card>
  );
}
