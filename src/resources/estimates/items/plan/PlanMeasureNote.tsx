import { Alert, Typography } from '@mui/material';
import type { Identifier } from 'react-admin';
import { parsePlanMeasure } from '../../../../domain/planMeasure';
import { changedShapes } from '../../../../domain/sitePlan';
import { useSitePlan } from '../../../sites/plan/useSitePlan';
import { measureSummary, planChangeWords } from './planChangeWords';

/** The item's plan measure as stored (null: typed by hand, or not readable). */
export const readPlanMeasure = (raw: unknown) => {
  const parsed = parsePlanMeasure(raw);
  return 'value' in parsed ? parsed.value : null;
};

/**
 * Under the size, in the item editor: which shapes of the plan the item was measured from, and a
 * warning when one changed since.
 */
export function PlanMeasureNote({ siteId, planMeasure }: { siteId: Identifier | null | undefined; planMeasure: unknown }) {
  const measure = readPlanMeasure(planMeasure);
  const { data: plan } = useSitePlan(siteId, { enabled: measure !== null });
  if (!measure) return null;
  const warning = plan ? planChangeWords(measure, changedShapes(measure, plan.shapes)) : null;
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Measured on the plan: {measureSummary(measure)}
      </Typography>
      {warning && (
        <Alert severity="warning" sx={{ mb: 1 }}>
          {warning}
        </Alert>
      )}
    </>
  );
}
