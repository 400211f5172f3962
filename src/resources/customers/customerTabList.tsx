import type { Identifier } from 'react-admin';
import type { StripTab } from '../../admin/tabs/TabStrip';
import { CustomerContactsTab } from '../contacts/CustomerContactsTab';
import { CustomerSitesTab } from '../sites/CustomerSitesTab';
import { CustomerEstimatesTab } from '../estimates/CustomerEstimatesTab';

export type CustomerTab = StripTab<{ customerId: Identifier }>;

/** Tabs of the customer detail, in order; each issue that adds a tab adds one line. */
export const customerTabs: CustomerTab[] = [
  { label: 'Contacts', Panel: CustomerContactsTab },
  { label: 'Sites', Panel: CustomerSitesTab },
  { label: 'Estimates', Panel: CustomerEstimatesTab },
];
