import { SaveButton, useSaveContext, type SaveButtonProps } from 'react-admin';
import { useFormState } from 'react-hook-form';

/**
 * Save for every form: enabled on an untouched form (so a save attempt shows what is
 * missing), disabled while a save is in flight so a double click cannot store twice.
 */
export function FormSaveButton(props: SaveButtonProps) {
  const { isSubmitting } = useFormState();
  const saving = useSaveContext()?.saving ?? false;
  const busy = isSubmitting || saving;
  return <SaveButton {...props} alwaysEnable={!busy} disabled={busy} />;
}
