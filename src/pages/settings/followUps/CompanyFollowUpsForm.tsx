import { Grid, Typography } from '@mui/material';
import { BooleanInput, Form, NumberInput, TextInput, useNotify } from 'react-admin';
import { actionValidator, useApiAction } from '../../../admin/actions/useApiAction';
import { FOLLOW_UP_PLACEHOLDERS } from '../../../domain/proposalTemplates';
import { FormSaveButton } from '../../../admin/forms/FormSaveButton';
import { useFormSubmit } from '../../../admin/forms/useFormSubmit';
import { InvalidFormWarning } from '../../../admin/forms/InvalidFormWarning';
import { UnsavedChangesGuard } from '../../../admin/forms/UnsavedChangesGuard';
import type { FollowUpSettingsRecord } from '../../../company/useFollowUpSettings';
import { AdminOnlyControls } from '../AdminOnly';

export const FOLLOW_UPS_SAVED = 'Follow-up Settings Saved';

const PLACEHOLDER_LIST = FOLLOW_UP_PLACEHOLDERS.map((name) => `{${name}}`).join(' ');

type Values = Record<string, unknown>;

/** "3, 7" as typed → [3, 7]; what is not a number stays as typed, for the check to name. */
const daysOf = (text: unknown): unknown[] =>
  String(text ?? '')
    .split(/[\s,;]+/)
    .filter(Boolean)
    .map((day) => (/^\d+$/.test(day) ? Number(day) : day));

/** The days are typed as one text ('3, 7'); the body carries them as numbers. */
const bodyOf = (version: number) => (values: Values) => {
  const { afterDaysText, ...rest } = values;
  return { ...rest, afterDays: daysOf(afterDaysText), version };
};

/** The action's checks, the days' message shown under the one input they are typed in. */
function validatorOf(version: number) {
  const check = actionValidator('saveFollowUpSettings', bodyOf(version));
  return (values: Values) => {
    const { afterDays, ...errors } = check({ ...values, afterDays: null }) as Values;
    if (afterDays) errors.afterDaysText = typeof afterDays === 'string' ? afterDays : Object.values(afterDays as Values)[0];
    return errors;
  };
}

/**
 * Settings › Company › Follow-ups (issue 39): reminders to clients of open proposals, so that
 * none goes quiet — after sending and before expiry, only in office hours.
 */
export function CompanyFollowUpsForm({ settings }: { settings: FollowUpSettingsRecord }) {
  const notify = useNotify();
  const saveSettings = useApiAction('saveFollowUpSettings');
  const save = useFormSubmit(async (values) => {
    // The form's values as the body; the action checks them again before the request.
    await saveSettings.mutateAsync([bodyOf(settings.version)(values) as never]);
    notify(FOLLOW_UPS_SAVED, { type: 'success' });
  });
  return (
    <Form
      key={settings.version}
      record={{ ...settings, afterDaysText: settings.afterDays.join(', ') }}
      onSubmit={save}
      validate={validatorOf(settings.version)}
      disableInvalidFormNotification
      noValidate
    >
      <UnsavedChangesGuard />
      <InvalidFormWarning />
      <AdminOnlyControls>
        <BooleanInput
          source="enabled"
          label="Send reminders to clients"
          helperText="Stops for a proposal once it is answered, withdrawn or expired."
        />
        <Grid container columnSpacing={2}>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextInput source="afterDaysText" label="Days after sending" helperText="Up to 5, e.g. 3, 7" fullWidth />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <NumberInput source="beforeExpiryDays" label="Days before expiry" helperText="0: none" min={0} max={60} step={1} fullWidth />
          </Grid>
          <Grid size={{ xs: 6, sm: 3 }}>
            <TextInput source="sendFrom" label="Send from" type="time" fullWidth />
          </Grid>
          <Grid size={{ xs: 6, sm: 3 }}>
            <TextInput source="sendUntil" label="Send until" type="time" fullWidth />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <BooleanInput source="weekdaysOnly" label="Weekdays only" />
          </Grid>
        </Grid>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          Placeholders: {PLACEHOLDER_LIST}
        </Typography>
        <TextInput source="subject" label="Subject" fullWidth />
        <TextInput source="message" label="Message" fullWidth multiline minRows={6} />
        <FormSaveButton label="Save Follow-up Settings" />
      </AdminOnlyControls>
    </Form>
  );
}
