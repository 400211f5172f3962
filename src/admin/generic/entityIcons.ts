import type { ComponentType } from 'react';
import AcUnitIcon from '@mui/icons-material/AcUnit';
import AgricultureIcon from '@mui/icons-material/Agriculture';
import BadgeIcon from '@mui/icons-material/Badge';
import BuildIcon from '@mui/icons-material/Build';
import CategoryIcon from '@mui/icons-material/Category';
import GavelIcon from '@mui/icons-material/Gavel';
import GrassIcon from '@mui/icons-material/Grass';
import HandshakeIcon from '@mui/icons-material/Handshake';
import HandymanIcon from '@mui/icons-material/Handyman';
import InventoryIcon from '@mui/icons-material/Inventory2';
import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import PeopleIcon from '@mui/icons-material/People';
import PlaceIcon from '@mui/icons-material/Place';
import RequestQuoteIcon from '@mui/icons-material/RequestQuote';
import WarehouseIcon from '@mui/icons-material/Warehouse';

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
  Handshake: HandshakeIcon,
  Handyman: HandymanIcon,
  Inventory: InventoryIcon,
  LocalShipping: LocalShippingIcon,
  People: PeopleIcon,
  Place: PlaceIcon,
  RequestQuote: RequestQuoteIcon,
  Warehouse: WarehouseIcon,
};

export const entityIcon = (name: string): ComponentType => entityIcons[name] ?? CategoryIcon;
