import { SelectInput, TextInput, required } from 'react-admin';
import { RecordDialog } from '../../../admin/forms/RecordDialog';
import { useFormSubmit } from '../../../admin/forms/useFormSubmit';
import { actionValidator } from '../../../admin/actions/useApiAction';
import { DEFAULT_ROLE, ROLE_LABEL, newUserForm, roleChoices, type NewUserAccount } from '../../../schema/userAccount';

const validateNewUser = actionValidator('addUserAccount', (values) => values);

const TITLE_ID = 'new-user-title';

interface NewUserDialogProps {
  open: boolean;
  onClose: () => void;
  /** Creates the user; resolves when it is stored. */
  onSave: (user: NewUserAccount) => Promise<unknown>;
}

/** Add User: username, first and last name, role (staff unless chosen); the password is generated and shown once. */
export function NewUserDialog({ open, onClose, onSave }: NewUserDialogProps) {
  const save = useFormSubmit((values) => onSave(values as unknown as NewUserAccount));
  return (
    <RecordDialog
      titleId={TITLE_ID}
      title="New User"
      open={open}
      onClose={onClose}
      onSubmit={save}
      validate={validateNewUser}
      record={{ role: DEFAULT_ROLE }}
      noValidate
    >
      {newUserForm.resolved.map((field) => (
        <TextInput
          key={field.name}
          source={field.name}
          label={field.label}
          fullWidth
          autoComplete="off"
          helperText={field.name === 'username' ? 'Letters, digits and . _ @ -' : false}
        />
      ))}
      <SelectInput source="role" label={ROLE_LABEL} choices={roleChoices} validate={required()} fullWidth />
    </RecordDialog>
  );
}
