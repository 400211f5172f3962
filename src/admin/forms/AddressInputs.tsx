import { Grid } from '@mui/material';
import type { Entity } from '../../schema';
import { Address1Input } from './Address1Input';
import { FieldInput, fieldLabel } from './FieldInput';
import { StateSelect } from './StateSelect';

/** The address block shared by customers and sites (src/schema/addressFields.ts). */
export function AddressInputs({ entity }: { entity: Pick<Entity, 'field' | 'name'> }) {
  return (
    <Grid container columnSpacing={2}>
      <Grid size={12}>
        <Address1Input entity={entity} />
      </Grid>
      <Grid size={12}>
        <FieldInput entity={entity} name="address2" />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <FieldInput entity={entity} name="city" />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <FieldInput entity={entity} name="county" />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <StateSelect label={fieldLabel(entity, 'state')} />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <FieldInput entity={entity} name="zip" />
      </Grid>
    </Grid>
  );
}
