import type { ReactNode } from 'react';
import { Box, Grid, LinearProgress, Stack } from '@mui/material';
import { CustomFieldsCard } from '../../admin/customFields/CustomFieldsCard';
import { Navigate, useParams, type RaRecord } from 'react-admin';
import { estimates } from '../../schema';
import { estimateLabel } from '../../domain/estimates';
import { DetailPage } from '../../admin/detail/DetailPage';
import { PrintButton } from './print/PrintButton';
import { EstimateArchiveButton } from './EstimateArchiveButton';
import { EstimateGeneralCard } from './EstimateGeneralCard';
import { EstimateHeaderFacts } from './EstimateHeaderFacts';
import { EstimatePricingCard } from './pricing/EstimatePricingCard';
import { EstimateProfitabilityCard } from './pricing/EstimateProfitabilityCard';
import { estimatePath, estimatePathPrefix, isEstimatePanel, type EstimatePanel } from './estimatePaths';
import { useScrollToPanel, WORK_AREAS_ELEMENT_ID } from './useScrollToPanel';
import { estimateFormValidator } from './estimateFormValidator';

export interface EstimateEditProps {
  /**
   * The work areas panel of the estimate, shown under the General and Pricing cards in the
   * element #work-areas, outside the estimate's form (the panel's modals have forms of their
   * own). Its notes editor should carry the id `notes` for /estimates/:id/notes.
   */
  workAreas?: (estimate: RaRecord) => ReactNode;
  /** Panels under the work areas (the proposals sent). */
  panels?: (estimate: RaRecord) => ReactNode;
}

/**
 * /estimates/:id/detail (also /workAreas and /notes, scrolled there): the project name with the
 * estimate's number, date, site and customer; Delete, Archive/Unarchive and Save; the General and Pricing cards; the
 * work areas panel. Saved in place ('Estimate Saved', then reloaded); a refused save keeps the
 * edits, and leaving with unsaved changes asks first.
 */
export function EstimateEdit({ workAreas, panels }: EstimateEditProps) {
  const { id, '*': panel } = useParams();
  if (!id) return null;
  if (!isEstimatePanel(panel)) return <Navigate to={estimatePath(id)} replace />;
  return (
    <DetailPage
      entity={estimates}
      validate={estimateFormValidator}
      // SPEC §4: back to the previous page, or the list when the estimate was opened directly.
      afterDelete={{ to: `/${estimates.route}`, goBackWhenPossible: true }}
      loading={<LinearProgress aria-label="Loading" />}
      title={(estimate) => estimate.projectName}
      documentTitle={(estimate) => `Estimate ${estimateLabel(estimate.number, estimate.revision)}`}
      subtitle={(estimate) => <EstimateHeaderFacts estimate={estimate} />}
      // SPEC §4: Print, Delete, Archive/Unarchive and Save (Duplicate is on the General card).
      leadingHeaderActions={(estimate) => <PrintButton estimate={estimate} />}
      headerActions={() => <EstimateArchiveButton />}
      reloadAfterSave
      formRootPathname={estimatePathPrefix(id)}
      footer={(estimate) => (
        <>
          <EstimateWorkAreas estimate={estimate} panel={panel} workAreas={workAreas} />
          {panels?.(estimate)}
        </>
      )}
    >
      {(estimate) => (
        <Grid container spacing={2} sx={{ mb: 2 }}>
          <Grid size={{ xs: 12, md: 6, lg: 4 }}>
            <Stack spacing={2}>
              <EstimateGeneralCard />
              <CustomFieldsCard entity="estimates" />
            </Stack>
          </Grid>
          <Grid size={{ xs: 12, md: 6, lg: 4 }}>
            <EstimatePricingCard estimateId={estimate.id} />
          </Grid>
          <Grid size={{ xs: 12, md: 6, lg: 4 }}>
            <EstimateProfitabilityCard estimateId={estimate.id} estimateVersion={estimate.version} />
          </Grid>
        </Grid>
      )}
    </DetailPage>
  );
}

interface EstimateWorkAreasProps extends EstimateEditProps {
  estimate: RaRecord;
  panel: EstimatePanel;
}

function EstimateWorkAreas({ estimate, panel, workAreas }: EstimateWorkAreasProps) {
  useScrollToPanel(panel);
  return (
    <Box id={WORK_AREAS_ELEMENT_ID} component="section" aria-label="Work Areas" sx={{ scrollMarginTop: 16 }}>
      {workAreas?.(estimate)}
    </Box>
  );
}
