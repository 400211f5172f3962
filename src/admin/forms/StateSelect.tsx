import { MenuItem, TextField } from '@mui/material';
import { FieldTitle, InputHelperText, useInput } from 'react-admin';
import { US_STATES } from '../../domain/states';
import { STATE_PLACEHOLDER } from '../../schema';

export const STATE_PLACEHOLDER_TEXT = 'Select a State';

interface StateSelectProps {
  label: string;
  source?: string;
}

/**
 * State select: full names shown, abbreviations stored, 'Select a State' until one is picked.
 * The placeholder value counts as blank in validate.ts, hence 'State is required.'.
 *
 * Kept beside react-admin's SelectInput for SPEC §9 "State placeholder value: 'SAS'": the
 * placeholder is a stored value with its own text, where SelectInput's blank entry is ''.
 */
export function StateSelect({ label, source = 'state' }: StateSelectProps) {
  const { field, fieldState, id } = useInput({
    source,
    defaultValue: STATE_PLACEHOLDER,
    format: (value: string | null | undefined) => value || STATE_PLACEHOLDER,
    parse: (value: string) => value,
  });

  return (
    <TextField
      {...field}
      id={id}
      select
      fullWidth
      className={`ra-input ra-input-${source}`}
      label={<FieldTitle label={label} source={source} />}
      error={fieldState.invalid}
      helperText={<InputHelperText error={fieldState.error?.message} />}
    >
      <MenuItem value={STATE_PLACEHOLDER}>{STATE_PLACEHOLDER_TEXT}</MenuItem>
      {US_STATES.map((state) => (
        <MenuItem key={state.abbreviation} value={state.abbreviation}>
          {state.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
