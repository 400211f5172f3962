import RequestQuoteIcon from '@mui/icons-material/RequestQuote';
import { lazyScreen } from '../../custom/lazyScreen';

/**
 * `<Resource name="estimates" {...estimatesResource} />`: the list at /estimates and the
 * detail at /estimates/:id/{detail,workAreas,notes} (the edit route `:id/*`).
 */
export const estimatesResource = {
  list: lazyScreen(() => import('./EstimateList'), 'EstimateList'),
  edit: lazyScreen(() => import('./EstimateDetail'), 'EstimateDetail'),
  icon: RequestQuoteIcon,
};
