import type { EntityResourceOverrides } from '../../custom/generic/resourceFromEntity';
import { lazyScreen } from '../../custom/lazyScreen';

/**
 * What differs from the generic screens: the list (addresses open a map, with the New Customer
 * modal and its address search) and the detail with its tabs.
 */
export const customersScreens: EntityResourceOverrides = {
  list: lazyScreen(() => import('./CustomerList'), 'CustomerList'),
  create: lazyScreen(() => import('./NewCustomerDialog'), 'NewCustomerDialog'),
  edit: lazyScreen(() => import('./CustomerEdit'), 'CustomerEdit'),
};
