import { Stack } from '@mui/material';
import { FormDataConsumer, NumberInput, SelectInput } from 'react-admin';
import {
  SNOW_APPLICATION_UNITS,
  SNOW_BASES,
  SNOW_BASIS_LABELS,
  SNOW_SERVICES,
  SNOW_SERVICE_LABELS,
  type SnowApplicationUnit,
} from '../../../../domain/snowPricing';
import { SnowBandsInput } from './SnowBandsInput';
import { SnowRatesInput } from './SnowRatesInput';
import type { SnowDraftLine } from './snowDraft';

const serviceChoices = SNOW_SERVICES.map((id) => ({ id, name: SNOW_SERVICE_LABELS[id] }));
const basisChoices = SNOW_BASES.map((id) => ({ id, name: SNOW_BASIS_LABELS[id] }));
const PER_LABELS: Record<SnowApplicationUnit, string> = { application: 'Application', ton: 'Ton', bag: '50 lb bag' };
const perChoices = SNOW_APPLICATION_UNITS.map((id) => ({ id, name: PER_LABELS[id] }));
const capChoices = [
  { id: 'none', name: 'No cap' },
  { id: 'events', name: 'Events' },
  { id: 'inches', name: 'Inches' },
];

const WIDE = { width: { xs: '100%', sm: 180 } };
const NARROW = { width: { xs: '100%', sm: 130 }, flexShrink: 0 };

const TriggerInput = () => <NumberInput source="trigger" label="Trigger (in)" helperText="Nothing billed below this depth" sx={NARROW} />;

/** A seasonal line: the season price, an optional cap in events or inches, the overage beyond it. */
function SeasonalInputs({ line }: { line: SnowDraftLine }) {
  const capped = line.capUnit === 'events' || line.capUnit === 'inches';
  const unit = line.capUnit === 'events' ? 'event' : 'inch';
  return (
    <Stack direction="row" flexWrap="wrap" columnGap={2}>
      <NumberInput source="price" label="Season price" helperText={false} sx={NARROW} />
      <SelectInput source="capUnit" label="Cap" choices={capChoices} helperText={false} sx={NARROW} />
      {capped && (
        <>
          <NumberInput source="capAmount" label={`Cap (${line.capUnit})`} helperText={false} sx={NARROW} />
          <NumberInput source="overage" label={`Overage per ${unit}`} helperText="Empty: nothing more" sx={NARROW} />
        </>
      )}
      <TriggerInput />
    </Stack>
  );
}

/** A per-application line: the price per application, ton or bag; by ton or bag, what an event is expected to use. */
function ApplicationInputs({ line }: { line: SnowDraftLine }) {
  const byMaterial = line.per === 'ton' || line.per === 'bag';
  return (
    <Stack direction="row" flexWrap="wrap" columnGap={2}>
      <NumberInput source="price" label="Price" helperText={false} sx={NARROW} />
      <SelectInput source="per" label="Per" choices={perChoices} helperText={false} sx={NARROW} />
      {byMaterial && (
        <NumberInput
          source="expectedPerEvent"
          label={line.per === 'ton' ? 'Expected tons per event' : 'Expected bags per event'}
          helperText="For the expected season"
          sx={WIDE}
        />
      )}
      <TriggerInput />
    </Stack>
  );
}

/** The inputs of the line's basis; an earlier basis's are hidden (and not sent, ./snowDraft.ts). */
function BasisInputs({ line }: { line: SnowDraftLine }) {
  switch (line.basis) {
    case 'seasonal':
      return <SeasonalInputs line={line} />;
    case 'perPush':
      return (
        <>
          <SnowBandsInput />
          <TriggerInput />
        </>
      );
    case 'perApplication':
      return <ApplicationInputs line={line} />;
    case 'perInch':
      return (
        <Stack direction="row" flexWrap="wrap" columnGap={2}>
          <NumberInput source="price" label="Price per inch" helperText={false} sx={NARROW} />
          <TriggerInput />
        </Stack>
      );
    case 'hourly':
      return (
        <>
          <SnowRatesInput />
          <Stack direction="row" flexWrap="wrap" columnGap={2}>
            <NumberInput source="expectedPerEvent" label="Expected hours per event" helperText="For the expected season" sx={WIDE} />
            <TriggerInput />
          </Stack>
        </>
      );
    default:
      return null;
  }
}

/** One line of a snow sheet: its service, its basis, then the basis's inputs. */
export function SnowLineInputs() {
  return (
    <FormDataConsumer<{ lines: SnowDraftLine[] }>>
      {({ scopedFormData }) => {
        const line = (scopedFormData ?? { service: null, basis: null }) as SnowDraftLine;
        return (
          <Stack sx={{ width: '100%' }}>
            <Stack direction="row" flexWrap="wrap" columnGap={2}>
              <SelectInput source="service" label="Service" choices={serviceChoices} helperText={false} sx={WIDE} />
              <SelectInput source="basis" label="Basis" choices={basisChoices} helperText={false} sx={WIDE} />
            </Stack>
            <BasisInputs line={line} />
          </Stack>
        );
      }}
    </FormDataConsumer>
  );
}
