import { Card, CardContent, CardHeader } from '@mui/material';
import { useRecordContext } from 'react-admin';
import { estimates } from '../../schema';
import { ESTIMATE_STATUSES } from '../../domain/estimates';
import { ChoiceSelect } from '../../admin/forms/ChoiceSelect';
import { FieldInput, fieldLabel } from '../../admin/forms/FieldInput';
import { UserSelect } from '../../admin/forms/UserSelect';
import { DuplicateEstimateButton } from './DuplicateEstimateButton';
import { EstimateLostReasonInputs } from './EstimateLostReasonInputs';

/**
 * General (SPEC §2): Name (the project name), Status (any of the four; Estimate Lost asks why, issue 39), Salesperson,
 * Estimator; Duplicate (issue 23) in its header, the page header keeping SPEC §4's buttons.
 */
export function EstimateGeneralCard() {
  const estimate = useRecordContext();
  return (
    <Card sx={{ height: '100%' }}>
      <CardHeader
        title="General"
        slotProps={{ title: { component: 'h2' } }}
        action={estimate && <DuplicateEstimateButton estimate={estimate} />}
      />
      <CardContent>
        <FieldInput entity={estimates} name="projectName" label="Name" />
        <ChoiceSelect source="status" label={fieldLabel(estimates, 'status')} choices={ESTIMATE_STATUSES} />
        <EstimateLostReasonInputs />
        <UserSelect source="salesperson" label={fieldLabel(estimates, 'salesperson')} />
        <UserSelect source="estimator" label={fieldLabel(estimates, 'estimator')} />
      </CardContent>
    </Card>
  );
}
