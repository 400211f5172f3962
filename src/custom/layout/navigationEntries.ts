import type { ComponentType } from 'react';
import HomeIcon from '@mui/icons-material/Home';
import PeopleIcon from '@mui/icons-material/People';
import ManageAccountsIcon from '@mui/icons-material/ManageAccounts';
import InventoryIcon from '@mui/icons-material/Inventory2';
import PlaceIcon from '@mui/icons-material/Place';
import RequestQuoteIcon from '@mui/icons-material/RequestQuote';
import HandymanIcon from '@mui/icons-material/Handyman';
import SettingsIcon from '@mui/icons-material/Settings';
import EngineeringIcon from '@mui/icons-material/Engineering';
import { navigationEntryOf } from '../generic/resourceFromEntity';
import { genericEntities } from '../generic/genericEntities';

export interface NavigationEntry {
  label: string;
  to: string;
  icon: ComponentType;
  /** Shown in the desktop side navigation only, not in the mobile top bar. */
  desktopOnly?: boolean;
}

/**
 * The navigation entries, in SPEC §2 order: Home, Customers, Sites, Estimates, Operations,
 * Item Catalog, Services, Terms & Conditions, User Settings (desktop only), Settings; Sign Out
 * always follows. Only screens that exist are listed: a feature adds its line here, in that
 * order, together with its route. The entities with generic screens (a `screens` declaration,
 * src/custom/generic: Terms & Conditions, then any added) come after Services, from their
 * declarations.
 */
const declaredEntries: NavigationEntry[] = [
  { label: 'Home', to: '/home', icon: HomeIcon },
  { label: 'Customers', to: '/customers', icon: PeopleIcon },
  { label: 'Sites', to: '/sites', icon: PlaceIcon },
  { label: 'Estimates', to: '/estimates', icon: RequestQuoteIcon },
  { label: 'Operations', to: '/operations', icon: EngineeringIcon },
  { label: 'Item Catalog', to: '/itemCatalog', icon: InventoryIcon },
  { label: 'Services', to: '/services', icon: HandymanIcon },
];

const settingsEntries: NavigationEntry[] = [
  { label: 'User Settings', to: '/user-settings', icon: ManageAccountsIcon, desktopOnly: true },
  { label: 'Settings', to: '/settings', icon: SettingsIcon },
];

export const navigationEntries: NavigationEntry[] = [...declaredEntries, ...genericEntities().map(navigationEntryOf), ...settingsEntries];
