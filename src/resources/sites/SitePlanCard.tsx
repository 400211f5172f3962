import { lazy, Suspense, useState } from 'react';
import { Box, Button, Card, CardContent, CardHeader, CircularProgress, Stack, Typography } from '@mui/material';
import GridOnIcon from '@mui/icons-material/GridOn';
import type { Identifier } from 'react-admin';
import { DEFAULT_FEET_PER_UNIT, type SitePlan } from '../../domain/sitePlan';
import { PlanUploadButton } from './plan/PlanUploadButton';
import { useSitePlan, useUploadPlanImage } from './plan/useSitePlan';

// Leaflet and Geoman come with the editor, never in the main bundle.
const SitePlanEditor = lazy(() => import('./plan/SitePlanEditor'));

/** A plan saved (a plan just started, an uploaded image or the blank grid, is the card's own until saved). */
const hasPlan = (plan: SitePlan) => plan.version > 0 || plan.imageID !== null || plan.shapes.features.length > 0;

function Loading() {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
      <CircularProgress aria-label="Loading the plan" />
    </Box>
  );
}

/**
 * A site's plan (issue 42): without one, Upload Plan (an image or a PDF) or Blank Grid; with one,
 * the editor, where beds, lawns, edges and spigots are drawn, named and measured.
 */
export function SitePlanCard({ siteId }: { siteId: Identifier }) {
  const { data: stored, refetch } = useSitePlan(siteId);
  const upload = useUploadPlanImage(siteId);
  const [started, setStarted] = useState<Partial<SitePlan> | null>(null);
  // The editor starts from the plan it is given; a new generation starts it over.
  const [generation, setGeneration] = useState(0);
  const plan = stored && started ? { ...stored, ...started } : stored;
  const reload = async () => {
    await refetch();
    setStarted(null);
    setGeneration((current) => current + 1);
  };

  return (
    <Card>
      <CardHeader title="Site plan" slotProps={{ title: { component: 'h2' } }} />
      <CardContent sx={{ pt: 0 }}>
        {!plan ? (
          <Loading />
        ) : started || hasPlan(plan) ? (
          <Suspense fallback={<Loading />}>
            <SitePlanEditor key={generation} siteId={siteId} plan={plan} unsaved={started !== null} onReload={() => void reload()} />
          </Suspense>
        ) : (
          <Stack spacing={1}>
            <Typography variant="body2" color="text.secondary">
              No plan yet. Upload a plan (an image, or a PDF whose first page becomes the plan) or start from a blank grid, then draw and
              measure the beds, lawns, edges and spigots.
            </Typography>
            <Stack direction="row" gap={1} flexWrap="wrap">
              <PlanUploadButton
                label="Upload Plan"
                disabled={upload.isPending}
                onFile={(file) =>
                  upload.mutate(file, {
                    // A new image's scale is unknown until set.
                    onSuccess: ({ imageID, width, height }) => setStarted({ imageID, image: { width, height }, feetPerUnit: null }),
                  })
                }
              />
              <Button
                startIcon={<GridOnIcon />}
                onClick={() => setStarted({ imageID: null, image: null, feetPerUnit: DEFAULT_FEET_PER_UNIT })}
              >
                Blank Grid
              </Button>
            </Stack>
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
