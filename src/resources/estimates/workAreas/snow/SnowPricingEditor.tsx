import { Box, Button, Divider, Stack, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { ArrayInput, BooleanInput, NumberInput, SimpleFormIterator, useSimpleFormIterator, type Identifier } from 'react-admin';
import { workAreas } from '../../../../schema';
import { useWatch } from 'react-hook-form';
import { newSnowLine, SNOW_SOURCE } from './snowDraft';
import { PastWintersButton } from './PastWintersButton';
import { SnowLineInputs } from './SnowLineInputs';
import { SnowPreview } from './SnowPreview';

function AddLineButton() {
  const { add } = useSimpleFormIterator();
  return (
    <Button size="small" startIcon={<AddIcon />} onClick={() => add(newSnowLine())}>
      Add Line
    </Button>
  );
}

/**
 * The snow section of the Work Area Editor (issue 41): "Price as snow", the expected season
 * (typed, or the averages of the site's past winters), the sheet's lines, and a live preview.
 * Switched off, or with no line left, the area is saved with no sheet.
 */
export function SnowPricingEditor({ siteId }: { siteId?: Identifier | null }) {
  const enabled = useWatch({ name: `${SNOW_SOURCE}.enabled` });
  return (
    <Box component="section" aria-label="Snow pricing">
      <Divider sx={{ my: 1 }} />
      <BooleanInput
        source={`${SNOW_SOURCE}.enabled`}
        label="Price as snow"
        helperText="The area's subtotal becomes the cost of an expected season."
      />
      {enabled && (
        <>
          <Stack direction="row" flexWrap="wrap" columnGap={2} alignItems="flex-start">
            <NumberInput source={`${SNOW_SOURCE}.expectedEvents`} label="Expected events" helperText={false} sx={{ width: 150 }} />
            <NumberInput source={`${SNOW_SOURCE}.expectedInches`} label="Expected inches" helperText={false} sx={{ width: 150 }} />
            <PastWintersButton siteId={siteId} />
          </Stack>
          <Typography variant="subtitle2" sx={{ mt: 1 }}>
            Lines
          </Typography>
          <ArrayInput source={`${SNOW_SOURCE}.lines`} label={false} helperText={false}>
            <SimpleFormIterator
              resource={workAreas.name}
              disableReordering
              disableClear
              fullWidth
              addButton={<AddLineButton />}
              sx={{ '& .RaSimpleFormIterator-action': { visibility: 'visible' } }}
            >
              <SnowLineInputs />
            </SimpleFormIterator>
          </ArrayInput>
          <SnowPreview />
        </>
      )}
    </Box>
  );
}
