import HomeIcon from '@mui/icons-material/Home';
import ManageAccountsIcon from '@mui/icons-material/ManageAccounts';
import SettingsIcon from '@mui/icons-material/Settings';
import EngineeringIcon from '@mui/icons-material/Engineering';
import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { agreements, customers, estimates, items, services, sites, storms, termsConditions, type Entity } from './schema';
import { navigationEntryOf, type NavigationEntry } from './admin/generic/navigationEntry';
import { entitiesWithScreens } from './admin/generic/entitiesWithScreens';
import { USER_SETTINGS_ROUTE } from './providers/navigation';

const home: NavigationEntry = { label: 'Home', to: '/home', icon: HomeIcon };
const operations: NavigationEntry = { label: 'Operations', to: '/operations', icon: EngineeringIcon };
const schedule: NavigationEntry = { label: 'Schedule', to: '/schedule', icon: CalendarMonthIcon };
const billing: NavigationEntry = { label: 'Billing', to: '/billing', icon: ReceiptLongIcon };

/** SPEC §2's order; a resource's label and icon come from its declaration (`screens`). */
const specOrder: (NavigationEntry | Entity)[] = [home, customers, sites, estimates, operations, items, services, termsConditions];

/** Issue 40: what is signed, its season's visits and their billing, after SPEC §2's entries; issue 41: the storms. */
const seasonEntries: (NavigationEntry | Entity)[] = [agreements, schedule, billing, storms];

const settingsEntries: NavigationEntry[] = [
  { label: 'User Settings', to: USER_SETTINGS_ROUTE, icon: ManageAccountsIcon, desktopOnly: true },
  { label: 'Settings', to: '/settings', icon: SettingsIcon },
];

/**
 * The navigation entries: those of SPEC §2 in its order, then any other entity with screens
 * (one a developer adds), then User Settings (desktop only) and Settings; Sign Out always follows.
 */
export const navigationEntries: NavigationEntry[] = [
  ...[...specOrder, ...seasonEntries].map((entry) => ('resolved' in entry ? navigationEntryOf(entry) : entry)),
  ...entitiesWithScreens()
    .filter((entity) => !specOrder.includes(entity) && !seasonEntries.includes(entity))
    .map(navigationEntryOf),
  ...settingsEntries,
];
