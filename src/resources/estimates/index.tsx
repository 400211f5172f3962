import RequestQuoteIcon from '@mui/icons-material/RequestQuote';
import { EstimateEdit } from './EstimateEdit';
import { EstimateList } from './EstimateList';
import { WorkAreasPanel } from '../../custom/workAreas/WorkAreasPanel';

/**
 * `<Resource name="estimates" {...estimatesResource} />`: the list at /estimates and the
 * detail at /estimates/:id/{detail,workAreas,notes} (the edit route `:id/*`).
 */
export const estimatesResource = { list: EstimateList, edit: <EstimateEdit workAreas={(estimate) => <WorkAreasPanel estimate={estimate} />} />, icon: RequestQuoteIcon };
