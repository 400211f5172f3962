import { Card, CardContent, CardHeader, Grid, Stack } from '@mui/material';
import { DateInput } from 'react-admin';
import { agreements } from '../../schema';
import { AGREEMENT_STATUS_CHOICES } from '../../schema/agreements';
import { DetailPage } from '../../admin/detail/DetailPage';
import { ChoiceSelect } from '../../admin/forms/ChoiceSelect';
import { FieldInput, fieldLabel } from '../../admin/forms/FieldInput';
import { UserSelect } from '../../admin/forms/UserSelect';
import { AgreementHeaderFacts } from './AgreementHeaderFacts';
import { AgreementLinesCard } from './AgreementLinesCard';
import { AgreementCostingCard } from './AgreementCostingCard';
import { AgreementVisitsCard } from './AgreementVisitsCard';
import { agreementTitle } from './agreementTitle';
import { AGREEMENT_QUERY, VISITS_QUERY } from '../../schema/actions/agreements';

/**
 * /agreements/:id (issue 40): the term, salesperson, status and notes saved in place; its lines
 * (each billed its own way, with its visit plan), its job costing and its visits.
 */
export function AgreementEdit() {
  return (
    <DetailPage
      entity={agreements}
      afterDelete={{ to: `/${agreements.route}` }}
      title={agreementTitle}
      subtitle={(record) => <AgreementHeaderFacts agreement={record} />}
      reloadAfterSave
      staleAfterSave={[AGREEMENT_QUERY, VISITS_QUERY]}
    >
      {(record) => (
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, md: 4 }}>
            <Stack spacing={2}>
              <Card>
                <CardHeader title="General" slotProps={{ title: { component: 'h2' } }} />
                <CardContent>
                  <ChoiceSelect source="status" label={fieldLabel(agreements, 'status')} choices={AGREEMENT_STATUS_CHOICES} />
                  <UserSelect source="salesperson" label={fieldLabel(agreements, 'salesperson')} />
                  <DateInput source="startDate" label={fieldLabel(agreements, 'startDate')} />
                  <DateInput source="endDate" label={fieldLabel(agreements, 'endDate')} />
                  <FieldInput entity={agreements} name="notes" rows={4} />
                </CardContent>
              </Card>
              <AgreementCostingCard agreementId={record.id} />
            </Stack>
          </Grid>
          <Grid size={{ xs: 12, md: 8 }}>
            <Stack spacing={2}>
              <AgreementLinesCard agreementId={record.id} />
              <AgreementVisitsCard agreementId={record.id} />
            </Stack>
          </Grid>
        </Grid>
      )}
    </DetailPage>
  );
}
