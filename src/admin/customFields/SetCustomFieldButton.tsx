import { useState } from 'react';
import { Button, MenuItem, TextField } from '@mui/material';
import EditNoteIcon from '@mui/icons-material/EditNote';
import { checkCustomValue, type CustomFieldEntity } from '../../schema/customFields';
import { RecordDialog } from '../forms/RecordDialog';
import { useFormSubmit } from '../forms/useFormSubmit';
import { useBulkAction } from '../lists/useBulkAction';
import { CustomFieldInput } from './CustomFieldInput';
import { useCustomFields } from './useCustomFields';

interface SetCustomFieldButtonProps {
  list: { name: string; route: string; plural: string; customFields?: boolean };
}

/** Set field…, among the actions on a list's ticked rows (issue 38): one custom field given one value, in one request. */
export function SetCustomFieldButton({ list }: SetCustomFieldButtonProps) {
  const { data: definitions = [] } = useCustomFields(list.name as CustomFieldEntity, { enabled: list.customFields === true });
  const { run, isPending, selectedIds } = useBulkAction(list.route);
  const [open, setOpen] = useState(false);
  const [key, setKey] = useState('');
  const definition = definitions.find((field) => field.key === key) ?? definitions[0];
  const save = useFormSubmit(async (values) => {
    const value = (values.custom as Record<string, unknown> | undefined)?.[definition.key] ?? null;
    await run('setCustomField', { key: definition.key, value });
    setOpen(false);
  });
  if (!definition) return null;
  const validate = (values: Record<string, unknown>) => {
    const outcome = checkCustomValue(definition, (values.custom as Record<string, unknown> | undefined)?.[definition.key]);
    return 'error' in outcome ? { custom: { [definition.key]: outcome.error } } : {};
  };
  return (
    <>
      <Button variant="outlined" startIcon={<EditNoteIcon />} disabled={isPending} onClick={() => setOpen(true)}>
        Set field…
      </Button>
      <RecordDialog
        key={definition.key}
        titleId="set-custom-field-title"
        title={`Set a field of ${selectedIds.length} ${list.plural}`}
        open={open}
        onClose={() => setOpen(false)}
        onSubmit={save}
        validate={validate}
        record={{}}
        noValidate
      >
        <TextField
          select
          fullWidth
          size="small"
          label="Field"
          value={definition.key}
          onChange={(event) => setKey(event.target.value)}
          sx={{ mb: 2 }}
        >
          {definitions.map((field) => (
            <MenuItem key={field.key} value={field.key}>
              {field.label}
            </MenuItem>
          ))}
        </TextField>
        <CustomFieldInput definition={definition} />
      </RecordDialog>
    </>
  );
}
