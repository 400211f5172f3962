import GavelIcon from '@mui/icons-material/Gavel';
import { lazyScreen } from '../../custom/lazyScreen';

/** `<Resource name="termsConditions" {...termsConditionsResource} />` */
export const termsConditionsResource = {
  list: lazyScreen(() => import('./TermConditionList'), 'TermConditionList'),
  edit: lazyScreen(() => import('./TermConditionEdit'), 'TermConditionEdit'),
  icon: GavelIcon,
};
