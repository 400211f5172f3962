import GavelIcon from '@mui/icons-material/Gavel';
import { TermConditionEdit } from './TermConditionEdit';
import { TermConditionList } from './TermConditionList';

/** `<Resource name="termsConditions" {...termsConditionsResource} />` */
export const termsConditionsResource = { list: TermConditionList, edit: TermConditionEdit, icon: GavelIcon };
