import type { EntityResourceOverrides } from '../../custom/generic/resourceFromEntity';
import { lazyScreen } from '../../custom/lazyScreen';

/**
 * What differs from the generic screens: the New Customer modal (its address search) and the
 * detail with its tabs.
 */
export const customersScreens: EntityResourceOverrides = {
  create: lazyScreen(() => import('./NewCustomerDialog'), 'NewCustomerDialog'),
  edit: lazyScreen(() => import('./CustomerEdit'), 'CustomerEdit'),
};
