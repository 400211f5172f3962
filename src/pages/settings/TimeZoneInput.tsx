import { AutocompleteInput } from 'react-admin';
import { fieldLabel } from '../../admin/forms/FieldInput';
import { companyProfile } from '../../schema/companyProfile';

/** Every time zone the browser knows, by its IANA name ('America/Chicago'). */
const TIME_ZONE_CHOICES = Intl.supportedValuesOf('timeZone').map((zone) => ({ id: zone, name: zone.replaceAll('_', ' ') }));

/** Settings › Company › Time Zone (issue 39): the office's days are counted in it. */
export function TimeZoneInput() {
  return (
    <AutocompleteInput
      source="timeZone"
      label={fieldLabel(companyProfile, 'timeZone')}
      choices={TIME_ZONE_CHOICES}
      helperText="Valid until dates, reminder hours and expiry are counted in this time zone."
      fullWidth
      disableClearable
    />
  );
}
