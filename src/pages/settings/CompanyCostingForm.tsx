import { Grid, Typography } from '@mui/material';
import { Form } from 'react-admin';
import { companyProfile } from '../../schema/companyProfile';
import { formValidator } from '../../schema';
import { FieldInput } from '../../admin/forms/FieldInput';
import { FormSaveButton } from '../../admin/forms/FormSaveButton';
import { InvalidFormWarning } from '../../admin/forms/InvalidFormWarning';
import { UnsavedChangesGuard } from '../../admin/forms/UnsavedChangesGuard';
import { useSaveCompanyProfile, type CompanyProfile } from '../../company/useCompanyProfile';
import { AdminOnlyControls } from './AdminOnly';

export const COSTING_SAVED = 'Costing Saved';

const validateCompany = formValidator(companyProfile);

/** The company profile's costing fields, saved (with the rest of the profile as read) at the version they were read at. */
export function CompanyCostingForm({ profile, onSaved }: { profile: CompanyProfile; onSaved: () => void }) {
  const save = useSaveCompanyProfile(profile, COSTING_SAVED, onSaved);
  const { logo: _logo, ...record } = profile;

  return (
    <Form key={profile.version} record={record} onSubmit={save} validate={validateCompany} disableInvalidFormNotification noValidate>
      <UnsavedChangesGuard />
      <InvalidFormWarning />
      <AdminOnlyControls>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Crew hours are costed at the labour rate plus overhead, on top of each line&apos;s unit cost (an item&apos;s direct cost without
          crew time). Never shown to clients.
        </Typography>
        <Grid container columnSpacing={2}>
          <Grid size={{ xs: 12, sm: 4 }}>
            <FieldInput entity={companyProfile} name="laborRate" helperText="Burdened cost of one crew hour" />
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            <FieldInput entity={companyProfile} name="overheadPerHour" helperText="Recovered per crew hour (optional)" />
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            <FieldInput entity={companyProfile} name="targetMarginPercent" helperText="Gross margin estimates aim for" />
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            <FieldInput entity={companyProfile} name="saltRate" helperText="De-icer per event; past winters salted above it are flagged" />
          </Grid>
        </Grid>
        <FormSaveButton label="Save Costing" />
      </AdminOnlyControls>
    </Form>
  );
}
