import { WorkAreasPanel } from './workAreas/WorkAreasPanel';
import { ProposalsPanel } from './proposals/ProposalsPanel';
import { EstimateEdit } from './EstimateEdit';

/** The estimate detail with its work areas panel embedded (SPEC §2 "Estimate detail") and the proposals sent (issue 22). */
export function EstimateDetail() {
  return (
    <EstimateEdit
      workAreas={(estimate) => <WorkAreasPanel estimate={estimate} />}
      panels={(estimate) => <ProposalsPanel estimate={estimate} />}
    />
  );
}
