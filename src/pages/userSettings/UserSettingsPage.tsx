import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import { PageHeading } from '../../admin/layout/PageHeading';
import { useState } from 'react';
import { Form, HttpError, PasswordInput, useDataProvider, useNotify } from 'react-admin';
import { FormSaveButton } from '../../admin/forms/FormSaveButton';
import { UnsavedChangesGuard } from '../../admin/forms/UnsavedChangesGuard';
import { passwordChangeErrors, passwordChangeForm, type PasswordChange } from '../../schema/passwordChange';
import type { YardstickDataProvider } from '../../providers/dataProvider';

export const PASSWORD_UPDATED = 'User Password Updated';

const AUTOCOMPLETE: Record<keyof PasswordChange, string> = {
  currentPassword: 'current-password',
  newPassword: 'new-password',
  confirmNewPassword: 'new-password',
};

/** User settings (SPEC §2): the Password card. */
export default function UserSettingsPage() {
  const dataProvider = useDataProvider<YardstickDataProvider>();
  const notify = useNotify();
  // A new key empties the form after a successful change.
  const [formKey, setFormKey] = useState(0);

  const save = async (values: Record<string, unknown>) => {
    try {
      await dataProvider.changePassword(values as unknown as PasswordChange);
      notify(PASSWORD_UPDATED, { type: 'success' });
      setFormKey((key) => key + 1);
    } catch (error) {
      // Field messages from the server (e.g. a wrong current password) go under their fields.
      if (error instanceof HttpError && error.body?.errors) return error.body.errors;
    }
  };

  return (
    <Box>
      <PageHeading variant="h4" sx={{ mb: 1 }}>
        User Settings
      </PageHeading>
      <Card sx={{ maxWidth: 480 }}>
        <CardHeader title="Password" />
        <CardContent>
          <Form key={formKey} onSubmit={save} validate={passwordChangeErrors} noValidate>
            <UnsavedChangesGuard />
            {passwordChangeForm.resolved.map((field) => (
              <PasswordInput
                key={field.name}
                source={field.name}
                label={field.label}
                autoComplete={AUTOCOMPLETE[field.name as keyof PasswordChange]}
                fullWidth
              />
            ))}
            <FormSaveButton label="Save" />
          </Form>
        </CardContent>
      </Card>
    </Box>
  );
}
