import type { EntityResourceOverrides } from '../../admin/generic/resourceFromEntity';
import { lazyScreen } from '../../admin/lazyScreen';

/** /itemCatalog (SPEC §2): a row opens the Item Editor modal with its price rules; no detail page. */
export const itemsScreens: EntityResourceOverrides = { list: lazyScreen(() => import('./ItemList'), 'ItemList'), edit: null };
