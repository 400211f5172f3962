import { Typography } from '@mui/material';
import { ArrayInput, BooleanInput, Form, SimpleFormIterator, TextInput, useNotify } from 'react-admin';
import { actionValidator, useApiAction } from '../../../admin/actions/useApiAction';
import { FormSaveButton } from '../../../admin/forms/FormSaveButton';
import { useFormSubmit } from '../../../admin/forms/useFormSubmit';
import { InvalidFormWarning } from '../../../admin/forms/InvalidFormWarning';
import { UnsavedChangesGuard } from '../../../admin/forms/UnsavedChangesGuard';
import { LOST_REASON_MAX, MAX_LOST_REASONS } from '../../../domain/lostReasons';
import type { LostReasonsRecord } from '../../../company/useLostReasons';
import { AdminOnlyControls } from '../AdminOnly';

export const LOST_REASONS_SAVED = 'Lost Reasons Saved';

type Values = Record<string, unknown>;

const bodyOf = (version: number) => (values: Values) => ({ reasons: values.reasons ?? [], version });

/**
 * Settings › Company › Lost reasons (issue 39): the list, in order — renamed, added, removed,
 * marked for the office only (never offered to the client). Estimates keep the reason they were
 * given when it is renamed or removed here.
 */
export function CompanyLostReasonsForm({ lostReasons }: { lostReasons: LostReasonsRecord }) {
  const notify = useNotify();
  const saveReasons = useApiAction('saveLostReasons');
  const save = useFormSubmit(async (values) => {
    await saveReasons.mutateAsync([bodyOf(lostReasons.version)(values) as never]);
    notify(LOST_REASONS_SAVED, { type: 'success' });
  });
  return (
    <Form
      key={lostReasons.version}
      record={{ reasons: lostReasons.reasons }}
      onSubmit={save}
      validate={actionValidator('saveLostReasons', bodyOf(lostReasons.version))}
      disableInvalidFormNotification
      noValidate
    >
      <UnsavedChangesGuard />
      <InvalidFormWarning />
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Asked when an estimate is marked Estimate Lost; the client’s decline offers those not kept for the office. Up to {MAX_LOST_REASONS}.
      </Typography>
      <AdminOnlyControls>
        <ArrayInput source="reasons" label="Reasons">
          <SimpleFormIterator inline disableClear resource="lostReasons">
            <TextInput source="name" label="Reason" helperText={false} slotProps={{ htmlInput: { maxLength: LOST_REASON_MAX } }} />
            <BooleanInput source="officeOnly" label="Office only" helperText={false} />
          </SimpleFormIterator>
        </ArrayInput>
        <FormSaveButton label="Save Lost Reasons" />
      </AdminOnlyControls>
    </Form>
  );
}
