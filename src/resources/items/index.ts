import type { EntityResourceOverrides } from '../../custom/generic/resourceFromEntity';
import { lazyScreen } from '../../custom/lazyScreen';

/** /itemCatalog (SPEC §2): a row opens the Item Editor modal with its price rules; no detail page. */
export const itemsScreens: EntityResourceOverrides = { list: lazyScreen(() => import('./ItemList'), 'ItemList'), edit: null };
