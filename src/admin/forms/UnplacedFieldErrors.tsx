import { Alert } from '@mui/material';
import { useFormContext, useFormState, type FieldErrors } from 'react-hook-form';

/** react-admin's validation message: a string, or `{ message, args }`. */
function messageOf(message: unknown): string | undefined {
  if (typeof message === 'string') return message || undefined;
  if (message && typeof message === 'object' && typeof (message as { message?: unknown }).message === 'string') {
    return (message as { message: string }).message;
  }
  return undefined;
}

/** The messages of a form's errors, by field name (nested errors by their dotted path). */
function messagesOf(errors: FieldErrors, prefix = ''): [string, string][] {
  return Object.entries(errors).flatMap(([name, error]) => {
    if (!error || typeof error !== 'object') return [];
    const path = prefix ? `${prefix}.${name}` : name;
    const message = messageOf((error as { message?: unknown }).message);
    if (message) return [[path, message]];
    return messagesOf(error as FieldErrors, path);
  });
}

/**
 * Placed in a form after a save attempt: the messages of invalid fields that have no input on
 * screen to show them (a field the server named, an input not mounted yet), so that no
 * 'Form is invalid.' is ever left without saying what is wrong. Fields with an input show
 * their own message under it.
 */
export function UnplacedFieldErrors() {
  const { errors, isSubmitted } = useFormState();
  const { control } = useFormContext();
  if (!isSubmitted) return null;
  // The names of the inputs on screen (react-hook-form's own register of mounted fields).
  const mounted: Set<string> = control._names.mount;
  const unplaced = messagesOf(errors).filter(([name]) => name !== 'root' && !mounted.has(name));
  if (unplaced.length === 0) return null;
  return (
    <Alert severity="error" sx={{ m: 2 }}>
      {unplaced.map(([name, message]) => (
        <div key={name}>{message}</div>
      ))}
    </Alert>
  );
}
