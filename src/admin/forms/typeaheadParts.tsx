import type { HTMLAttributes, Key } from 'react';
import { TextField, type AutocompleteRenderInputParams } from '@mui/material';
import { FieldTitle, InputHelperText } from 'react-admin';
import type { ControllerFieldState, ControllerRenderProps } from 'react-hook-form';

/** A typeahead option showing its text alone (MUI hands over the key apart from the other props). */
export function renderOptionText<T>(text: (option: T) => string) {
  return function renderOption({ key, ...props }: HTMLAttributes<HTMLLIElement> & { key: Key }, option: T) {
    return (
      <li key={key} {...props}>
        {text(option)}
      </li>
    );
  };
}

interface TypeaheadTextFieldProps {
  /** What the Autocomplete's renderInput receives. */
  params: AutocompleteRenderInputParams;
  /** The react-admin input (useInput) the typeahead edits. */
  field: ControllerRenderProps;
  fieldState: ControllerFieldState;
  source: string;
  label: string;
  isRequired?: boolean;
}

/** A typeahead's text box, dressed as a react-admin input: its label, error and helper text. */
export function TypeaheadTextField({ params, field, fieldState, source, label, isRequired }: TypeaheadTextFieldProps) {
  return (
    <TextField
      {...params}
      name={field.name}
      inputRef={field.ref}
      className={`ra-input ra-input-${source}`}
      label={<FieldTitle label={label} source={source} isRequired={isRequired} />}
      error={fieldState.invalid}
      helperText={<InputHelperText error={fieldState.error?.message} />}
      autoComplete="off"
    />
  );
}
