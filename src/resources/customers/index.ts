import PeopleIcon from '@mui/icons-material/People';
import { CustomerEdit } from './CustomerEdit';
import { CustomerList } from './CustomerList';

/** `<Resource name="customers" {...customersResource} />` */
export const customersResource = { list: CustomerList, edit: CustomerEdit, icon: PeopleIcon };
