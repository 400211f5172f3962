import InventoryIcon from '@mui/icons-material/Inventory2';
import { ItemList } from './ItemList';

/** `<Resource name="itemCatalog" {...itemsResource} />`: the route /itemCatalog of SPEC §2. */
export const itemsResource = { list: ItemList, icon: InventoryIcon };
