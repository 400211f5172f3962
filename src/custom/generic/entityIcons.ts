import type { ComponentType } from 'react';
import AgricultureIcon from '@mui/icons-material/Agriculture';
import BuildIcon from '@mui/icons-material/Build';
import CategoryIcon from '@mui/icons-material/Category';
import GrassIcon from '@mui/icons-material/Grass';
import InventoryIcon from '@mui/icons-material/Inventory2';
import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import AcUnitIcon from '@mui/icons-material/AcUnit';
import WarehouseIcon from '@mui/icons-material/Warehouse';
import BadgeIcon from '@mui/icons-material/Badge';
import GavelIcon from '@mui/icons-material/Gavel';

/**
 * The icons a declaration can name (`screens.icon`), imported one by one so that only these
 * reach the bundle. A declaration naming another gets the default, Category.
 */
export const entityIcons: Record<string, ComponentType> = {
  AcUnit: AcUnitIcon,
  Agriculture: AgricultureIcon,
  Badge: BadgeIcon,
  Build: BuildIcon,
  Category: CategoryIcon,
  Gavel: GavelIcon,
  Grass: GrassIcon,
  Inventory: InventoryIcon,
  LocalShipping: LocalShippingIcon,
  Warehouse: WarehouseIcon,
};

export const entityIcon = (name: string): ComponentType => entityIcons[name] ?? CategoryIcon;
