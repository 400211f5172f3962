import InventoryIcon from '@mui/icons-material/Inventory2';
import { lazyScreen } from '../../custom/lazyScreen';

/** `<Resource name="itemCatalog" {...itemsResource} />`: the route /itemCatalog of SPEC §2. */
export const itemsResource = { list: lazyScreen(() => import('./ItemList'), 'ItemList'), icon: InventoryIcon };
