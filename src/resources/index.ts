import type { EntityResourceOverrides } from '../admin/generic/resourceFromEntity';
import { agreements, customers, estimates, items, services, sites, storms, termsConditions } from '../schema';
import { agreementsScreens } from './agreements';
import { customersScreens } from './customers';
import { estimatesScreens } from './estimates';
import { itemsScreens } from './items';
import { servicesScreens } from './services';
import { sitesScreens } from './sites';
import { stormsScreens } from './storms';
import { termsConditionsScreens } from './termsConditions';

/** The bespoke parts of each resource's screens, by entity name; src/admin/generic makes the rest from the declaration. */
export const bespokeScreens: Record<string, EntityResourceOverrides> = {
  [customers.name]: customersScreens,
  [sites.name]: sitesScreens,
  [estimates.name]: estimatesScreens,
  [items.name]: itemsScreens,
  [services.name]: servicesScreens,
  [termsConditions.name]: termsConditionsScreens,
  [agreements.name]: agreementsScreens,
  [storms.name]: stormsScreens,
};
