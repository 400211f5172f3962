import { Alert, Stack } from '@mui/material';
import type { Identifier } from 'react-admin';
import { changedShapes } from '../../../../domain/sitePlan';
import { useSitePlan } from '../../../sites/plan/useSitePlan';
import type { WorkAreaItemRecord } from '../../workAreas/workAreaRecords';
import { planChangeWords } from './planChangeWords';
import { readPlanMeasure } from './PlanMeasureNote';

/**
 * Over a work area's items: each item measured on the site plan whose shapes changed since
 * (the plan is read only when some item was measured on it).
 */
export function PlanChangeAlerts({
  siteId,
  items,
}: {
  siteId: Identifier | null | undefined;
  items: readonly WorkAreaItemRecord[] | undefined;
}) {
  const measured = (items ?? []).flatMap((item) => {
    const measure = readPlanMeasure(item.planMeasure);
    return measure ? [{ item, measure }] : [];
  });
  const { data: plan } = useSitePlan(siteId, { enabled: measured.length > 0 });
  if (!plan) return null;
  const warnings = measured.flatMap(({ item, measure }) => {
    const words = planChangeWords(measure, changedShapes(measure, plan.shapes));
    return words ? [{ id: item.id, words: `${item.name}: ${words}` }] : [];
  });
  if (warnings.length === 0) return null;
  return (
    <Stack spacing={1} sx={{ mb: 1 }}>
      {warnings.map(({ id, words }) => (
        <Alert key={id} severity="warning">
          {words}
        </Alert>
      ))}
    </Stack>
  );
}
