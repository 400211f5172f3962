import { Button } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { ArrayInput, NumberInput, SimpleFormIterator, TextInput, useSimpleFormIterator } from 'react-admin';
import { workAreas } from '../../../../schema';

function AddRateButton() {
  const { add } = useSimpleFormIterator();
  return (
    <Button size="small" startIcon={<AddIcon />} onClick={() => add({ equipment: '', hourly: null })}>
      Add Rate
    </Button>
  );
}

/** An hourly line's rates: each piece of equipment (or labour) and its price an hour. */
export function SnowRatesInput() {
  return (
    <ArrayInput source="rates" label="Hourly rates" helperText={false}>
      <SimpleFormIterator
        resource={workAreas.name}
        inline
        disableReordering
        disableClear
        addButton={<AddRateButton />}
        sx={{ '& .RaSimpleFormIterator-action': { visibility: 'visible' } }}
      >
        <TextInput source="equipment" label="Equipment" helperText={false} sx={{ width: { xs: '100%', sm: 200 } }} />
        <NumberInput source="hourly" label="Hourly rate" helperText={false} sx={{ width: { xs: '100%', sm: 120 } }} />
      </SimpleFormIterator>
    </ArrayInput>
  );
}
