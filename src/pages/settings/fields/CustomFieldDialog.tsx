import { BooleanInput, NumberInput, SelectInput, TextInput, useNotify } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { RecordDialog } from '../../../admin/forms/RecordDialog';
import { useFormSubmit } from '../../../admin/forms/useFormSubmit';
import { actionValidator, useApiAction } from '../../../admin/actions/useApiAction';
import {
  CUSTOM_FIELD_KIND_LABELS,
  CUSTOM_FIELD_KINDS,
  hasLengthLimit,
  isNumericKind,
  PRINTABLE_ENTITIES,
  type CustomFieldDefinition,
  type CustomFieldEntity,
} from '../../../schema/customFields';

const TITLE_ID = 'custom-field-title';
const kindChoices = CUSTOM_FIELD_KINDS.map((kind) => ({ id: kind, name: CUSTOM_FIELD_KIND_LABELS[kind] }));

/** Choices are typed one per line and sent as a list. */
const choicesOf = (text: unknown) =>
  typeof text === 'string'
    ? text
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean)
    : [];
const bodyOf = ({ choicesText, ...values }: Record<string, unknown>) => ({ ...values, choices: choicesOf(choicesText) });

/** The form's checks are the action's, with the choices' message on the box they are typed in. */
const withChoicesText =
  (validate: ReturnType<typeof actionValidator>) =>
  (values: Record<string, unknown>): Record<string, unknown> => {
    const { choices, ...errors } = validate({ ...values, choices: choicesOf(values.choicesText) });
    return choices ? { ...errors, choicesText: choices } : errors;
  };
const validateNew = withChoicesText(actionValidator('addCustomField', bodyOf));
const validateChange = withChoicesText(actionValidator('updateCustomField', bodyOf));

interface CustomFieldDialogProps {
  entity: CustomFieldEntity;
  /** The field changed; null for a new one. */
  field: CustomFieldDefinition | null;
  open: boolean;
  onClose: () => void;
}

/** Add Field / Edit Field of Settings › Fields (issue 38): what a field holds and where it shows. */
export function CustomFieldDialog({ entity, field, open, onClose }: CustomFieldDialogProps) {
  const add = useApiAction('addCustomField');
  const update = useApiAction('updateCustomField');
  const notify = useNotify();
  const save = useFormSubmit(async (values) => {
    const body = bodyOf(values);
    if (field) await update.mutateAsync([field.id, body as never]);
    else await add.mutateAsync([{ ...body, entity } as never]);
    notify(field ? 'Field Saved' : 'Field Added', { type: 'success' });
    onClose();
  });
  const record = field
    ? { ...field, choicesText: field.choices.join('\n') }
    : { kind: 'text', required: false, showInList: false, filterable: false, printOnProposal: false };
  return (
    <RecordDialog
      titleId={TITLE_ID}
      title={field ? `Edit Field ${field.label}` : 'New Field'}
      open={open}
      onClose={onClose}
      onSubmit={save}
      validate={field ? validateChange : (values) => validateNew({ ...values, entity })}
      record={record}
      noValidate
    >
      <TextInput source="label" label="Label" fullWidth autoComplete="off" helperText={field ? `Key: custom.${field.key}` : false} />
      <SelectInput source="kind" label="Kind" choices={kindChoices} fullWidth />
      <KindSettings />
      <TextInput source="help" label="Help" fullWidth helperText="A hint shown under the input" />
      <BooleanInput source="required" label="Required" />
      <BooleanInput source="showInList" label="Show in list" />
      <BooleanInput source="filterable" label="Filterable" />
      {PRINTABLE_ENTITIES.includes(entity) && <BooleanInput source="printOnProposal" label="Print on proposal" />}
    </RecordDialog>
  );
}

/** What the chosen kind is limited by: a longest text, a smallest and largest number, or its choices. */
function KindSettings() {
  const kind = useWatch({ name: 'kind' });
  if (hasLengthLimit(kind)) return <NumberInput source="max" label="Longest (characters)" step={1} fullWidth />;
  if (isNumericKind(kind)) {
    return (
      <>
        <NumberInput source="min" label="Smallest" fullWidth />
        <NumberInput source="max" label="Largest" fullWidth />
      </>
    );
  }
  if (kind === 'choice' || kind === 'multiChoice') {
    return <TextInput source="choicesText" label="Choices" multiline minRows={3} fullWidth helperText="One per line" />;
  }
  return null;
}
