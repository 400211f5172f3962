import { Button } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { ArrayInput, NumberInput, SimpleFormIterator, useSimpleFormIterator } from 'react-admin';
import { workAreas } from '../../../../schema';

const NUMBER_WIDTH = { width: { xs: '100%', sm: 120 }, flexShrink: 0 };

function AddBandButton() {
  const { add } = useSimpleFormIterator();
  return (
    <Button size="small" startIcon={<AddIcon />} onClick={() => add({ from: null, to: null, price: null })}>
      Add Band
    </Button>
  );
}

/** A per-push line's depth bands: from (inches), to (empty: and over), the price of a push. */
export function SnowBandsInput() {
  return (
    <ArrayInput
      source="bands"
      label="Depth bands"
      helperText="A push is priced by the depth on the ground; leave the last band's To empty."
    >
      <SimpleFormIterator
        resource={workAreas.name}
        inline
        disableReordering
        disableClear
        addButton={<AddBandButton />}
        sx={{ '& .RaSimpleFormIterator-action': { visibility: 'visible' } }}
      >
        <NumberInput source="from" label="From (in)" helperText={false} sx={NUMBER_WIDTH} />
        <NumberInput source="to" label="To (in)" helperText={false} sx={NUMBER_WIDTH} />
        <NumberInput source="price" label="Price per push" helperText={false} sx={NUMBER_WIDTH} />
      </SimpleFormIterator>
    </ArrayInput>
  );
}
