import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Grid,
  Link,
  Stack,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import type { Identifier } from 'react-admin';
import type { PlanMeasure } from '../../../../domain/planMeasure';
import { planExtent, shapeLabel } from '../../../../domain/sitePlan';
import { usePlanImageUrl, useSitePlan } from '../../../sites/plan/useSitePlan';
import { totalWords } from '../../../sites/plan/planMeasureText';
import { measuredShape, pickedMeasure, PICK_UNITS, type PickKind } from './planPick';

// Leaflet comes with the map, never in the main bundle.
const PlanMap = lazy(() => import('../../../sites/plan/PlanMap').then((module) => ({ default: module.PlanMap })));

interface MeasureOnPlanDialogProps {
  siteId: Identifier;
  onClose: () => void;
  /** The total becomes the item's size. */
  onUseSize: (measure: PlanMeasure) => void;
  /** The areas' total goes to the fill table, with the depth still to type. */
  onUseFill: (measure: PlanMeasure) => void;
}

const KIND_LABELS: Record<PickKind, string> = { area: 'Areas', line: 'Lines' };

/**
 * Measure on the plan (issue 42): the estimate's site plan, read-only; pick areas or lines (one
 * kind at a time) on the map or in the list, see their total, and use it as the item's size or
 * in the fill table.
 */
export function MeasureOnPlanDialog({ siteId, onClose, onUseSize, onUseFill }: MeasureOnPlanDialogProps) {
  const { data: plan, isPending } = useSitePlan(siteId);
  const imageUrl = usePlanImageUrl(plan?.imageID ?? null);
  const [kind, setKind] = useState<PickKind>('area');
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  const features = useMemo(() => plan?.shapes.features ?? [], [plan]);
  const feetPerUnit = plan?.feetPerUnit ?? null;
  const ofKind = features.filter((feature) => feature.properties.kind === kind);
  const measure = pickedMeasure(features, kind, picked);
  const toggle = useCallback(
    (id: string) =>
      setPicked((current) => {
        const next = new Set(current);
        if (!next.delete(id)) next.add(id);
        return next;
      }),
    [],
  );
  const size = planExtent({ image: plan?.image ?? null });
  const noPlan = plan && plan.version === 0;
  const noScale = plan && plan.version > 0 && !feetPerUnit;

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="lg" aria-labelledby="measure-on-plan-title">
      <DialogTitle id="measure-on-plan-title">Measure on the Plan</DialogTitle>
      <DialogContent>
        {isPending || !plan ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
            <CircularProgress aria-label="Loading the plan" />
          </Box>
        ) : noPlan || noScale ? (
          <Alert severity="info">
            {noPlan ? 'This site has no plan yet. ' : "The plan's scale is not set, so its shapes have no measure yet. "}
            <Link component={RouterLink} to={`/sites/${siteId}`}>
              Open the site
            </Link>{' '}
            to {noPlan ? 'draw one' : 'set it'}.
          </Alert>
        ) : (
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, md: 8 }}>
              <Suspense fallback={<CircularProgress aria-label="Loading the map" />}>
                <PlanMap
                  aria-label="Site plan"
                  width={size.width}
                  height={size.height}
                  imageUrl={imageUrl}
                  shapes={features}
                  labelOf={shapeLabel}
                  pickable={kind}
                  picked={picked}
                  onPick={toggle}
                />
              </Suspense>
            </Grid>
            <Grid size={{ xs: 12, md: 4 }}>
              <ToggleButtonGroup
                size="small"
                exclusive
                value={kind}
                aria-label="Measure"
                onChange={(_event, value: PickKind | null) => {
                  if (!value) return;
                  setKind(value);
                  setPicked(new Set());
                }}
              >
                {(['area', 'line'] as const).map((value) => (
                  <ToggleButton key={value} value={value}>
                    {KIND_LABELS[value]}
                  </ToggleButton>
                ))}
              </ToggleButtonGroup>
              <Stack sx={{ mt: 1 }} role="group" aria-label={`${KIND_LABELS[kind]} of the plan`}>
                {ofKind.length === 0 && (
                  <Typography variant="body2" color="text.secondary">
                    No {KIND_LABELS[kind].toLowerCase()} on the plan.
                  </Typography>
                )}
                {ofKind.map((feature) => {
                  const shape = measuredShape(feature);
                  return (
                    <FormControlLabel
                      key={feature.id}
                      control={<Checkbox checked={picked.has(feature.id)} onChange={() => toggle(feature.id)} />}
                      label={shape ? `${shape.name} (${totalWords(shape.value, PICK_UNITS[kind])})` : feature.properties.name}
                    />
                  );
                })}
              </Stack>
              <Typography role="status" sx={{ mt: 1 }}>
                Total: <strong>{measure ? totalWords(measure.total, measure.unit) : '—'}</strong>
              </Typography>
            </Grid>
          </Grid>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        {kind === 'area' && (
          <Button disabled={!measure} onClick={() => measure && onUseFill(measure)}>
            Use in Fill Table
          </Button>
        )}
        <Button variant="contained" disabled={!measure} onClick={() => measure && onUseSize(measure)}>
          Use as Size
        </Button>
      </DialogActions>
    </Dialog>
  );
}
