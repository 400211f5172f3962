import type { EntityResourceOverrides } from '../../admin/generic/resourceFromEntity';
import { lazyScreen } from '../../admin/lazyScreen';

/** /services: every service on one page, edited in a modal whose Delete counts the sites; no detail page. */
export const servicesScreens: EntityResourceOverrides = { list: lazyScreen(() => import('./ServiceList'), 'ServiceList'), edit: null };
