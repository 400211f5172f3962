import { Alert, Box, Divider, Grid, Typography } from '@mui/material';
import { Form, NumberInput, PasswordInput, SelectInput, TextInput, useNotify } from 'react-admin';
import { actionValidator, useApiAction } from '../../admin/actions/useApiAction';
import { PROPOSAL_PLACEHOLDERS } from '../../domain/proposalTemplates';
import { FormSaveButton } from '../../admin/forms/FormSaveButton';
import { useFormSubmit } from '../../admin/forms/useFormSubmit';
import { InvalidFormWarning } from '../../admin/forms/InvalidFormWarning';
import { UnsavedChangesGuard } from '../../admin/forms/UnsavedChangesGuard';
import type { MailSettings } from '../../schema/mailSettings';
import { MAIL_SECURITY_CHOICES } from '../../company/useMailSettings';
import { TestMailForm } from './TestMailForm';
import { AdminOnlyControls } from './AdminOnly';

export const MAIL_SAVED = 'Email Settings Saved';

const PLACEHOLDER_LIST = PROPOSAL_PLACEHOLDERS.map((name) => `{${name}}`).join(' ');

/**
 * Settings › Company › Email (issue 22): the SMTP server proposals leave by, and the subject and
 * message the send dialog starts from. The password is write-only: left empty, the kept one stays.
 */
export function CompanyMailForm({ settings }: { settings: MailSettings }) {
  const notify = useNotify();
  const saveSettings = useApiAction('saveMailSettings');
  const fromEnvironment = settings.source === 'environment';
  const bodyOf = (values: Record<string, unknown>) => ({ ...values, version: settings.version });

  const save = useFormSubmit(async (values) => {
    await saveSettings.mutateAsync([bodyOf(values)]);
    notify(MAIL_SAVED, { type: 'success' });
  });

  return (
    <Box>
      {fromEnvironment ? (
        <Alert severity="info" role="note" sx={{ mb: 2 }}>
          The server's SMTP_URL and MAIL_FROM settings are in force: the server below is not used while they are set.
        </Alert>
      ) : (
        !settings.configured && (
          <Alert severity="info" role="note" sx={{ mb: 2 }}>
            Mail is not set up: proposals can still be sent, and their link copied and given to the client by hand.
          </Alert>
        )
      )}
      <Form
        key={settings.version}
        record={{ ...settings, password: '' }}
        onSubmit={save}
        validate={actionValidator('saveMailSettings', bodyOf)}
        disableInvalidFormNotification
        noValidate
      >
        <UnsavedChangesGuard />
        <InvalidFormWarning />
        <AdminOnlyControls>
          <Grid container columnSpacing={2}>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextInput source="host" label="SMTP host" fullWidth />
            </Grid>
            <Grid size={{ xs: 6, sm: 2 }}>
              <NumberInput source="port" label="Port" fullWidth min={1} max={65535} step={1} />
            </Grid>
            <Grid size={{ xs: 6, sm: 4 }}>
              <SelectInput source="security" label="Security" choices={[...MAIL_SECURITY_CHOICES]} fullWidth emptyText="" />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextInput source="username" label="User" fullWidth autoComplete="off" />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <PasswordInput
                source="password"
                label="Password"
                fullWidth
                autoComplete="new-password"
                helperText={settings.passwordSet ? 'A password is kept: leave empty to keep it.' : 'Kept encrypted; never shown again.'}
              />
            </Grid>
            <Grid size={12}>
              <TextInput source="fromAddress" label="From address" type="email" fullWidth helperText="Replies go to the salesperson." />
            </Grid>
          </Grid>
          <Divider sx={{ my: 2 }} />
          <Typography variant="subtitle1" component="h3">
            Proposal email
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            Placeholders: {PLACEHOLDER_LIST}
          </Typography>
          <TextInput source="subjectTemplate" label="Subject" fullWidth />
          <TextInput source="messageTemplate" label="Message" fullWidth multiline minRows={6} />
          <FormSaveButton label="Save Email Settings" />
        </AdminOnlyControls>
      </Form>
      <Divider sx={{ my: 2 }} />
      <AdminOnlyControls>
        <TestMailForm />
      </AdminOnlyControls>
    </Box>
  );
}
