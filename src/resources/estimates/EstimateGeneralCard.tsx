import { Card, CardContent, CardHeader } from '@mui/material';
import { estimates } from '../../schema';
import { ESTIMATE_STATUSES } from '../../domain/estimates';
import { ChoiceSelect } from '../../admin/forms/ChoiceSelect';
import { FieldInput, fieldLabel } from '../../admin/forms/FieldInput';
import { UserSelect } from '../../admin/forms/UserSelect';

/** General (SPEC §2): Name (the project name), Status (any of the four, freely), Salesperson, Estimator. */
export function EstimateGeneralCard() {
  return (
    <Card sx={{ height: '100%' }}>
      <CardHeader title="General" slotProps={{ title: { component: 'h2' } }} />
      <CardContent>
        <FieldInput entity={estimates} name="projectName" label="Name" />
        <ChoiceSelect source="status" label={fieldLabel(estimates, 'status')} choices={ESTIMATE_STATUSES} />
        <UserSelect source="salesperson" label={fieldLabel(estimates, 'salesperson')} />
        <UserSelect source="estimator" label={fieldLabel(estimates, 'estimator')} />
      </CardContent>
    </Card>
  );
}
