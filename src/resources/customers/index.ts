import PeopleIcon from '@mui/icons-material/People';
import { lazyScreen } from '../../custom/lazyScreen';

/** `<Resource name="customers" {...customersResource} />` */
export const customersResource = {
  list: lazyScreen(() => import('./CustomerList'), 'CustomerList'),
  edit: lazyScreen(() => import('./CustomerEdit'), 'CustomerEdit'),
  icon: PeopleIcon,
};
