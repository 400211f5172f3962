import { Checkbox, FormControlLabel, FormHelperText } from '@mui/material';
import { useInput } from 'react-admin';

/** A checkbox for a 1/0 `flag` field (SPEC keeps isAuto as 1 or 0, not a boolean). */
export function FlagCheckboxInput({ source, label }: { source: string; label: string }) {
  const { field, fieldState } = useInput({
    source,
    format: (value: unknown) => value === 1 || value === true,
    parse: (checked: boolean) => (checked ? 1 : 0),
  });
  return (
    <>
      <FormControlLabel
        label={label}
        control={
          <Checkbox
            name={field.name}
            checked={Boolean(field.value)}
            onChange={(event) => field.onChange(event.target.checked)}
            onBlur={field.onBlur}
          />
        }
      />
      {fieldState.error?.message && <FormHelperText error>{fieldState.error.message}</FormHelperText>}
    </>
  );
}
