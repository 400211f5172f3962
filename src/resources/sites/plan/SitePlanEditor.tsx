import { useMemo, useState } from 'react';
import { Alert, Box, Button, FormControlLabel, Grid, Stack, Switch, Typography } from '@mui/material';
import SaveIcon from '@mui/icons-material/Save';
import { HttpError, useNotify, type Identifier } from 'react-admin';
import { parsePlanShapes, planExtent, shapeLabel, type PlanPosition, type SitePlan } from '../../../domain/sitePlan';
import { PlanMap, type PlanTool } from './PlanMap';
import { PlanScaleDialog } from './PlanScaleDialog';
import { PlanShapeList } from './PlanShapeList';
import { SitePlanToolbar } from './SitePlanToolbar';
import { TOOL_HINTS, scaleText } from './planHints';
import { drawingWords, measuredFeature, planTotals } from './planMeasureText';
import { useSaveSitePlan } from './useSaveSitePlan';
import { usePlanImageUrl, useUploadPlanImage } from './useSitePlan';
import { useSitePlanDraft } from './useSitePlanDraft';
import { useUnsavedInputGuard } from '../../../admin/forms/useUnsavedInputGuard';

export const SITE_PLAN_SAVED = 'Site Plan Saved';

interface SitePlanEditorProps {
  siteId: Identifier;
  plan: SitePlan;
  /** Started here and not saved yet (an uploaded image, the blank grid): Save is offered at once. */
  unsaved?: boolean;
  /** Reads the stored plan again and starts over from it (after a 409). */
  onReload: () => void;
}

/**
 * The site plan editor (issue 42): the plan image or a blank grid, the scale, areas, lines and
 * points drawn, named and measured, Print on proposal, Save (a stale version: the server's
 * message and Reload). Lazy-loaded with Leaflet (SitePlanCard).
 */
export function SitePlanEditor({ siteId, plan, unsaved = false, onReload }: SitePlanEditorProps) {
  const notify = useNotify();
  const plan$ = useSitePlanDraft(plan, unsaved);
  const { draft } = plan$;
  // Leaving the site's page with a drawing not saved asks first, as its form does.
  useUnsavedInputGuard(plan$.dirty);
  const imageUrl = usePlanImageUrl(draft.imageID);
  const upload = useUploadPlanImage(siteId);
  const save = useSaveSitePlan(siteId);
  const [tool, setTool] = useState<PlanTool | null>(null);
  const [scaleLine, setScaleLine] = useState<[PlanPosition, PlanPosition] | null>(null);
  const [drawing, setDrawing] = useState<string | null>(null);
  const [focusId, setFocusId] = useState<string | null>(null);
  const [conflict, setConflict] = useState<string | null>(null);
  const size = planExtent(draft);
  const shapes = useMemo(() => draft.shapes.map((shape) => measuredFeature(shape, draft.feetPerUnit)), [draft.shapes, draft.feetPerUnit]);
  // What the server would refuse (a nameless shape, a crossing outline), said before Save.
  const checked = useMemo(() => parsePlanShapes({ type: 'FeatureCollection', features: draft.shapes }, draft.feetPerUnit), [draft]);
  const problem = 'error' in checked ? checked.error : null;

  const uploadFile = (file: File) =>
    upload.mutate(file, {
      onSuccess: ({ imageID, width, height }) => plan$.setImage(imageID, { width, height }),
    });
  const submit = () =>
    save.mutate(draft, {
      onSuccess: (saved) => {
        plan$.reset(saved);
        setConflict(null);
        notify(SITE_PLAN_SAVED, { type: 'success' });
      },
      onError: (error) => {
        if (error instanceof HttpError && error.status === 409) setConflict(error.message);
      },
    });
  const totals = planTotals(shapes);

  return (
    <Stack spacing={1.5}>
      <SitePlanToolbar
        tool={tool}
        onTool={setTool}
        hasImage={draft.imageID !== null}
        uploading={upload.isPending}
        onUpload={uploadFile}
        onBlankGrid={() => plan$.setImage(null, null)}
      />
      <Typography role="status" variant="body2" color="text.secondary">
        {drawing ?? (tool ? TOOL_HINTS[tool] : scaleText(draft.feetPerUnit, draft.imageID !== null))}
      </Typography>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 8 }}>
          <PlanMap
            aria-label="Site plan"
            width={size.width}
            height={size.height}
            imageUrl={imageUrl}
            shapes={shapes}
            labelOf={shapeLabel}
            tool={tool}
            onCreate={(geometry) => setFocusId(plan$.add(geometry))}
            onEdit={plan$.reshape}
            onScaleLine={(from, to) => setScaleLine([from, to])}
            onToolEnd={() => setTool((current) => (current === 'edit' ? current : null))}
            onDrawing={(kind, points) => {
              const words = points && drawingWords(kind, points, draft.feetPerUnit);
              setDrawing(words ? `Drawing: ${words}` : null);
            }}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <Typography variant="subtitle2" component="h3" gutterBottom>
            Shapes
          </Typography>
          <PlanShapeList shapes={shapes} onRename={plan$.rename} onRemove={plan$.remove} focusId={focusId} />
          {totals && (
            <Typography variant="body2" sx={{ mt: 1 }}>
              {totals}
            </Typography>
          )}
        </Grid>
      </Grid>
      {problem && <Alert severity="error">{problem}</Alert>}
      {conflict && (
        <Alert
          severity="warning"
          action={
            <Button color="inherit" size="small" onClick={onReload}>
              Reload
            </Button>
          }
        >
          {conflict} Reload to see the plan as saved (your changes here are dropped).
        </Alert>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', justifyContent: 'space-between' }}>
        <FormControlLabel
          control={<Switch checked={draft.printOnProposal} onChange={(event) => plan$.setPrintOnProposal(event.target.checked)} />}
          label="Print on proposal"
        />
        <Button variant="contained" startIcon={<SaveIcon />} disabled={!plan$.dirty || save.isPending || problem !== null} onClick={submit}>
          Save Plan
        </Button>
      </Box>
      {scaleLine && (
        <PlanScaleDialog
          from={scaleLine[0]}
          to={scaleLine[1]}
          onClose={() => setScaleLine(null)}
          onSet={(feetPerUnit) => {
            plan$.setScale(feetPerUnit);
            setScaleLine(null);
          }}
        />
      )}
    </Stack>
  );
}

export default SitePlanEditor;
