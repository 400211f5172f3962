import RequestQuoteIcon from '@mui/icons-material/RequestQuote';
import { EstimateEdit } from './EstimateEdit';
import { EstimateList } from './EstimateList';

/**
 * `<Resource name="estimates" {...estimatesResource} />`: the list at /estimates and the
 * detail at /estimates/:id/{detail,workAreas,notes} (the edit route `:id/*`).
 */
export const estimatesResource = { list: EstimateList, edit: <EstimateEdit />, icon: RequestQuoteIcon };
