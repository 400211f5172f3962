import { WorkAreasPanel } from './workAreas/WorkAreasPanel';
import { ProposalsPanel } from './proposals/ProposalsPanel';
import { HistoryPanel } from './history/HistoryPanel';
import { EstimateEdit } from './EstimateEdit';
import { EstimatePhotosPanel } from './EstimatePhotosPanel';

/** The estimate detail with its work areas panel embedded (SPEC §2 "Estimate detail") the proposals sent (issue 22) and its history (issue 23). */
export function EstimateDetail() {
  return (
    <EstimateEdit
      workAreas={(estimate) => <WorkAreasPanel estimate={estimate} />}
      panels={(estimate) => (
        <>
          <ProposalsPanel estimate={estimate} />
          <HistoryPanel estimate={estimate} />
          <EstimatePhotosPanel estimate={estimate} />
        </>
      )}
    />
  );
}
