import { formValidator, termsConditions } from '../../schema';
import { FieldInput } from '../../custom/forms/FieldInput';
import { NewRecordDialog } from '../../custom/forms/NewRecordDialog';

// Only the name is asked for: the server puts the new term last (SPEC §7 POST {name}).
const validateNewTerm = formValidator(termsConditions, { omit: ['content', 'isAuto', 'order'] });

/** The modal that creates a term by name, then opens it to write its content. */
export function NewTermConditionDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <NewRecordDialog
      entity={termsConditions}
      open={open}
      onClose={onClose}
      titleId="new-term-title"
      title="New Term & Condition"
      savedMessage="Term & Condition Saved"
      validate={validateNewTerm}
    >
      <FieldInput entity={termsConditions} name="name" />
    </NewRecordDialog>
  );
}
