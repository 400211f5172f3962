import { MenuItem, TextField } from '@mui/material';
import { useWatch } from 'react-hook-form';
import { FieldTitle, InputHelperText, TextInput, useInput, useRecordContext } from 'react-admin';
import { ESTIMATE_STATUS } from '../../domain/estimates';
import { LOST_NOTE_MAX } from '../../domain/lostReasons';
import { estimates } from '../../schema';
import { fieldLabel } from '../../admin/forms/FieldInput';
import { useLostReasons } from '../../company/useLostReasons';

/** The office's reasons, and the one the estimate holds should the list no longer have it. */
function useReasonChoices(): string[] {
  const stored = useRecordContext()?.lostReason as string | null | undefined;
  const names = (useLostReasons().data?.reasons ?? []).map((reason) => reason.name);
  return stored && !names.includes(stored) ? [stored, ...names] : names;
}

function LostReasonSelect() {
  const { field, fieldState, id } = useInput({ source: 'lostReason' });
  const choices = useReasonChoices();
  const value = typeof field.value === 'string' && choices.includes(field.value) ? field.value : '';
  return (
    <TextField
      {...field}
      value={value}
      onChange={(event) => field.onChange(event.target.value || null)}
      id={id}
      select
      fullWidth
      // Marked required in its label only: the form's own check says why (a native one would block the save silently).
      className="ra-input ra-input-lostReason"
      label={<FieldTitle label={fieldLabel(estimates, 'lostReason')} source="lostReason" isRequired />}
      error={fieldState.invalid}
      helperText={<InputHelperText error={fieldState.error?.message} helperText="Settings › Company › Lost reasons keeps the list." />}
    >
      {choices.map((name) => (
        <MenuItem key={name} value={name}>
          {name}
        </MenuItem>
      ))}
    </TextField>
  );
}

/**
 * Issue 39: an estimate marked Estimate Lost says why — a reason from the office's list
 * (required: the estimate's form refuses to save without it, src/domain/lostReasons.ts) and an
 * optional note. Shown only while the status is Estimate Lost; leaving it clears both on save.
 */
export function EstimateLostReasonInputs() {
  const status = useWatch({ name: 'status' });
  if (status !== ESTIMATE_STATUS.lost) return null;
  return (
    <>
      <LostReasonSelect />
      <TextInput
        source="lostNote"
        label={fieldLabel(estimates, 'lostNote')}
        multiline
        minRows={2}
        fullWidth
        helperText={`Optional, up to ${LOST_NOTE_MAX.toLocaleString('en-US')} characters.`}
      />
    </>
  );
}
