import type { EntityResourceOverrides } from '../../custom/generic/resourceFromEntity';
import { lazyScreen } from '../../custom/lazyScreen';

/** /services: every service on one page, edited in a modal whose Delete counts the sites; no detail page. */
export const servicesScreens: EntityResourceOverrides = { list: lazyScreen(() => import('./ServiceList'), 'ServiceList'), edit: null };
