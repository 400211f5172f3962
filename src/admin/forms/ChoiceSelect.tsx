import type { ReactNode } from 'react';
import { MenuItem, TextField } from '@mui/material';
import { FieldTitle, InputHelperText, useInput } from 'react-admin';

export interface Choice {
  id: string | number;
  name: string;
}

interface ChoiceSelectProps {
  source: string;
  label: string;
  choices: readonly Choice[];
  /** Shown under the select while there is no error, e.g. why it offers nothing. */
  helperText?: ReactNode;
  disabled?: boolean;
}

/**
 * A select of fixed choices that always holds one of them (no blank entry to pick): statuses,
 * users, a customer's sites. A value outside the choices (or none yet) shows as empty.
 *
 * Kept beside react-admin's SelectInput, which adds a blank entry unless the input is marked
 * required (and then puts an asterisk in its label): SPEC §2's New Estimate modal preselects
 * the customer's first site and the signed-in user, and its selects offer only those choices.
 */
export function ChoiceSelect({ source, label, choices, helperText, disabled }: ChoiceSelectProps) {
  const { field, fieldState, id } = useInput({ source });
  const known = choices.some((choice) => choice.id === field.value);

  return (
    <TextField
      {...field}
      value={known ? field.value : ''}
      onChange={(event) => {
        const picked = choices.find((choice) => String(choice.id) === String(event.target.value));
        field.onChange(picked ? picked.id : null);
      }}
      id={id}
      select
      fullWidth
      disabled={disabled}
      className={`ra-input ra-input-${source}`}
      label={<FieldTitle label={label} source={source} />}
      error={fieldState.invalid}
      helperText={<InputHelperText error={fieldState.error?.message} helperText={helperText} />}
    >
      {choices.map((choice) => (
        <MenuItem key={choice.id} value={choice.id}>
          {choice.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
