import type { EntityResourceOverrides } from '../../admin/generic/resourceFromEntity';
import { lazyScreen } from '../../admin/lazyScreen';

/**
 * What differs from the generic screens: the New Customer modal (its address search) and the
 * detail with its tabs.
 */
export const customersScreens: EntityResourceOverrides = {
  create: lazyScreen(() => import('./NewCustomerDialog'), 'NewCustomerDialog'),
  edit: lazyScreen(() => import('./CustomerEdit'), 'CustomerEdit'),
  listActions: lazyScreen(() => import('../imports/ImportButton'), 'CustomersImportButton'),
};
