import { Grid } from '@mui/material';
import { contacts } from '../../schema';
import { FieldInput, fieldLabel } from '../../admin/forms/FieldInput';
import { PhoneInput } from '../../admin/forms/PhoneInput';

export function ContactInputs() {
  return (
    <Grid container columnSpacing={2}>
      <Grid size={{ xs: 12, sm: 6 }}>
        <FieldInput entity={contacts} name="firstName" />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <FieldInput entity={contacts} name="lastName" />
      </Grid>
      <Grid size={{ xs: 8 }}>
        <PhoneInput source="phone" label={fieldLabel(contacts, 'phone')} />
      </Grid>
      <Grid size={{ xs: 4 }}>
        <FieldInput entity={contacts} name="phoneExtension" />
      </Grid>
      <Grid size={12}>
        <FieldInput entity={contacts} name="email" />
      </Grid>
      <Grid size={12}>
        <FieldInput entity={contacts} name="notes" />
      </Grid>
    </Grid>
  );
}
