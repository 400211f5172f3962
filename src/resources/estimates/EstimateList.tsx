import { useState } from 'react';
import { SetCustomFieldButton } from '../../admin/customFields/SetCustomFieldButton';
import { Button } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { useLocation } from 'react-admin';
import { ESTIMATE_SITE_SERVICE, estimates } from '../../schema';
import { resolveScreens } from '../../schema/screens';
import { ListFilterButton } from '../../admin/lists/ListFilterButton';
import { ServiceFilterOptions } from '../services/ServiceFilterOptions';
import { estimateLabel } from '../../domain/estimates';
import { ResourceListPage } from '../../admin/lists/ResourceListPage';
import { useDialogState } from '../../admin/forms/useDialogState';
import { estimateColumns } from './estimateColumns';
import { estimatePath } from './estimatePaths';
import { NewEstimateDialog } from './NewEstimateDialog';
import { EstimateArchiveToggle, mentionsArchived, urlFilter } from './EstimateArchiveToggle';
import { EstimateStatusFilterChip } from './EstimateStatusFilterChip';
import { EstimateProposalStageChip } from './EstimateProposalStageChip';
import { RenewEstimatesButton } from './renewal/RenewEstimatesButton';
import { BulkDeleteButton } from '../../admin/lists/BulkDeleteButton';
import { EstimateBulkActions } from './EstimateBulkActions';

/** SPEC §4 "Archive": the list hides archived estimates unless asked (filter:estimate_is_archived=[0]). */
export const HIDE_ARCHIVED_FILTER = { isArchived: [0] };

/**
 * /estimates: search, Show/Hide Archive, New Estimate, the columns of SPEC §2 (newest number
 * first), 20/50/100 rows per page; a row opens /estimates/{id}/detail. Ticked rows can be renewed (issue 23).
 */
export function EstimateList() {
  const newEstimate = useDialogState();
  const { search } = useLocation();
  // A link with a filter of its own (Home's status rows) shows archived estimates unless it says otherwise.
  const [showArchived, setShowArchived] = useState(() => {
    const linked = urlFilter(search);
    return linked !== null && !mentionsArchived(linked);
  });
  return (
    <ResourceListPage
      entity={estimates}
      title="Estimates"
      searchPlaceholder="Search Estimates"
      columns={estimateColumns}
      filter={showArchived ? undefined : HIDE_ARCHIVED_FILTER}
      rowLink={(estimate) => estimatePath(estimate.id)}
      selectionLabel={(estimate) => `Select estimate ${estimateLabel(estimate.number, estimate.revision)}`}
      exportList={estimates}
      bulkActions={
        <>
          <RenewEstimatesButton />
          <EstimateBulkActions />
          <SetCustomFieldButton list={estimates} />
          <BulkDeleteButton list={estimates} />
        </>
      }
      actions={
        <>
          <EstimateStatusFilterChip />
          <EstimateProposalStageChip />
          {/* Issue 23: a season's contracts of one service (snow, mowing), picked for renewal. */}
          <ListFilterButton filterKey={ESTIMATE_SITE_SERVICE} label="Services" labelled>
            <ServiceFilterOptions filterKey={ESTIMATE_SITE_SERVICE} label="Services" />
          </ListFilterButton>
          <EstimateArchiveToggle showArchived={showArchived} onChange={setShowArchived} />
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => newEstimate.open(true)}>
            {resolveScreens(estimates).newTitle}
          </Button>
        </>
      }
    >
      <NewEstimateDialog open={newEstimate.isOpen} onClose={newEstimate.close} />
    </ResourceListPage>
  );
}
