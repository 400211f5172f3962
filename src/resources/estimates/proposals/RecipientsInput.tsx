import { Autocomplete, Chip, TextField } from '@mui/material';
import { useState } from 'react';
import { InputHelperText, useInput } from 'react-admin';

export interface RecipientOption {
  email: string;
  name: string;
}

interface RecipientsInputProps {
  /** The form's field: a list of addresses. */
  source: string;
  label: string;
  /** The customer's contacts that have an email. */
  options: RecipientOption[];
  helperText?: string;
}

/** Separators a typed list of addresses may use. */
const SEPARATORS = /[\s,;]+/;

/**
 * Email recipients: the customer's contacts are offered, any address can be typed (Enter, a
 * comma or leaving the field adds it), each shows as a chip that can be removed.
 */
export function RecipientsInput({ source, label, options, helperText }: RecipientsInputProps) {
  const { field, fieldState, formState } = useInput<string[]>({ source });
  const value: string[] = field.value ?? [];
  const onChange = (addresses: string[]) => field.onChange(addresses);
  const error = fieldState.isTouched || formState.isSubmitted ? fieldState.error?.message : undefined;
  const [typed, setTyped] = useState('');
  const add = (text: string) => {
    const addresses = text.split(SEPARATORS).filter(Boolean);
    if (addresses.length) onChange([...value, ...addresses.filter((address) => !value.includes(address))]);
    setTyped('');
  };
  const nameOf = (email: string) => options.find((option) => option.email === email)?.name;
  return (
    <Autocomplete<string, true, false, true>
      multiple
      freeSolo
      options={options.map((option) => option.email).filter((email) => !value.includes(email))}
      getOptionLabel={(email) => (nameOf(email) ? `${nameOf(email)} <${email}>` : email)}
      value={value}
      inputValue={typed}
      onInputChange={(_, text, reason) => {
        if (reason === 'reset') return setTyped('');
        if (SEPARATORS.test(text.slice(-1))) add(text);
        else setTyped(text);
      }}
      onChange={(_, next) => onChange([...new Set(next.map((entry) => entry.trim()).filter(Boolean))])}
      renderValue={(addresses, getItemProps) =>
        addresses.map((address, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          return <Chip key={key} label={address} size="small" {...itemProps} />;
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          error={Boolean(error)}
          helperText={<InputHelperText error={error} helperText={helperText} />}
          onBlur={() => {
            if (typed.trim()) add(typed);
            field.onBlur();
          }}
        />
      )}
    />
  );
}
