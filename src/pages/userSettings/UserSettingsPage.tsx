import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import { PageHeading } from '../../admin/layout/PageHeading';
import { useEffect, useState } from 'react';
import { Form, PasswordInput, useDataProvider, useNotify } from 'react-admin';
import { FormSaveButton } from '../../admin/forms/FormSaveButton';
import { useFormSubmit } from '../../admin/forms/useFormSubmit';
import { UnsavedChangesGuard } from '../../admin/forms/UnsavedChangesGuard';
import { passwordChangeErrors, passwordChangeForm, type PasswordChange } from '../../schema/passwordChange';
import type { YardstickDataProvider } from '../../providers/dataProvider';
import Alert from '@mui/material/Alert';
import { useNavigate } from 'react-router-dom';
import { AFTER_LOGIN_ROUTE } from '../login/LoginPage';
import { useAccess, useRefreshAccess } from '../../admin/auth/useAccess';
import { accessMessages } from '../../schema/userAccount';
import { MyDetailsCard } from './MyDetailsCard';

export const PASSWORD_UPDATED = 'User Password Updated';

const AUTOCOMPLETE: Record<keyof PasswordChange, string> = {
  currentPassword: 'current-password',
  newPassword: 'new-password',
  confirmNewPassword: 'new-password',
};

/**
 * User settings (SPEC §2): the Password card. After signing in with a one-time password it is
 * the only screen (OneTimePasswordGate), saying why, until the password is changed.
 */
export default function UserSettingsPage() {
  const dataProvider = useDataProvider<YardstickDataProvider>();
  const notify = useNotify();
  const { mustChangePassword } = useAccess();
  const refreshAccess = useRefreshAccess();
  const navigate = useNavigate();
  const [oneTimeReplaced, setOneTimeReplaced] = useState(false);
  // The answer's fresh token no longer asks for a change: the other screens open again, from Home.
  // After the emptied form has rendered (the unsaved-input guard of the filled one would stop the move),
  // and Home first, so that the screen left behind the gate does not open for a moment.
  useEffect(() => {
    if (!oneTimeReplaced) return;
    navigate(AFTER_LOGIN_ROUTE, { replace: true });
    void refreshAccess();
  }, [oneTimeReplaced, navigate, refreshAccess]);
  // A new key empties the form after a successful change.
  const [formKey, setFormKey] = useState(0);

  // Field messages from the server (e.g. a wrong current password) go under their fields.
  const save = useFormSubmit(async (values) => {
    await dataProvider.changePassword(values as unknown as PasswordChange);
    notify(PASSWORD_UPDATED, { type: 'success' });
    setFormKey((key) => key + 1);
    if (mustChangePassword) setOneTimeReplaced(true);
  });

  return (
    <Box>
      <PageHeading variant="h4" sx={{ mb: 1 }}>
        User Settings
      </PageHeading>
      {mustChangePassword && (
        <Alert severity="warning" role="alert" sx={{ mb: 2, maxWidth: 480 }}>
          {accessMessages.mustChangePassword} You signed in with a one-time password: choose your own to open the other screens.
        </Alert>
      )}
      {!mustChangePassword && <MyDetailsCard />}
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
