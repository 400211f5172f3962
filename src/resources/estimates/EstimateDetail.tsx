import { WorkAreasPanel } from './workAreas/WorkAreasPanel';
import { EstimateEdit } from './EstimateEdit';

/** The estimate detail with its work areas panel embedded (SPEC §2 "Estimate detail"). */
export function EstimateDetail() {
  return <EstimateEdit workAreas={(estimate) => <WorkAreasPanel estimate={estimate} />} />;
}
