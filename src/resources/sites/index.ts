import type { EntityResourceOverrides } from '../../admin/generic/resourceFromEntity';
import { lazyScreen } from '../../admin/lazyScreen';
import { SiteServiceBulkActions } from './SiteServiceBulkActions';

/**
 * What differs from the generic screens: the New Site modal (customer typeahead, copied
 * address), the detail with its services, and assigning a service to the ticked sites.
 */
export const sitesScreens: EntityResourceOverrides = {
  create: lazyScreen(() => import('./NewSiteDialog'), 'NewSiteDialog'),
  edit: lazyScreen(() => import('./SiteEdit'), 'SiteEdit'),
  listActions: lazyScreen(() => import('../imports/ImportButton'), 'SitesImportButton'),
  bulkActions: SiteServiceBulkActions,
};
