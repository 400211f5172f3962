import { Grid } from '@mui/material';
import { BooleanInput, DateTimeInput } from 'react-admin';
import { services } from '../../schema';
import { FieldInput, fieldLabel, toInstant } from '../../custom/forms/FieldInput';
import { LazyRichTextInput } from '../../custom/richText/LazyRichTextInput';




/** Name, formatted description, season and whether it recurs. */
export function ServiceInputs() {
  return (
    <>
      <FieldInput entity={services} name="name" />
      <LazyRichTextInput source="description" label={fieldLabel(services, 'description')} />
      <Grid container columnSpacing={2}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <DateTimeInput source="startDate" label={fieldLabel(services, 'startDate')} parse={toInstant} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <DateTimeInput source="endDate" label={fieldLabel(services, 'endDate')} parse={toInstant} />
        </Grid>
      </Grid>
      <BooleanInput source="isRecurring" label={fieldLabel(services, 'isRecurring')} />
    </>
  );
}
