import { Grid } from '@mui/material';
import { items } from '../../schema';
import { FieldInput } from '../../admin/forms/FieldInput';

/** Name, description, units, cost and price of a catalogue item. */
export function ItemInputs() {
  return (
    <Grid container columnSpacing={2}>
      <Grid size={12}>
        <FieldInput entity={items} name="name" />
      </Grid>
      <Grid size={12}>
        <FieldInput entity={items} name="description" />
      </Grid>
      <Grid size={{ xs: 12, sm: 4 }}>
        <FieldInput entity={items} name="units" />
      </Grid>
      <Grid size={{ xs: 6, sm: 4 }}>
        <FieldInput entity={items} name="cost" />
      </Grid>
      <Grid size={{ xs: 6, sm: 4 }}>
        <FieldInput entity={items} name="price" />
      </Grid>
    </Grid>
  );
}
