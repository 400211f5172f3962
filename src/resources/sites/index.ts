import type { EntityResourceOverrides } from '../../admin/generic/resourceFromEntity';
import { lazyScreen } from '../../admin/lazyScreen';

/** What differs from the generic screens: the New Site modal (customer typeahead, copied address) and the detail with its services. */
export const sitesScreens: EntityResourceOverrides = {
  create: lazyScreen(() => import('./NewSiteDialog'), 'NewSiteDialog'),
  edit: lazyScreen(() => import('./SiteEdit'), 'SiteEdit'),
  listActions: lazyScreen(() => import('../../pages/import/ImportButton'), 'SitesImportButton'),
};
