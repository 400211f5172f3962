import type { StripTab } from '../../admin/tabs/TabStrip';
import { tabKey } from '../../admin/tabs/tabKey';
import { ExportsTab } from './ExportsTab';
import { UsersTab } from './users/UsersTab';
import { CompanyTab } from './CompanyTab';
import { DemoDataTab } from './DemoDataTab';
import { ImportTab } from './ImportTab';
import { JobsTab } from './jobs/JobsTab';
import { FieldsTab } from './fields/FieldsTab';

export type SettingsTab = StripTab<object>;

/**
 * Tabs of the Settings page, in order (SPEC §2: Exports; beyond it Company, Users and Demo data).
 * Each feature that adds a tab adds one line here.
 */
export const settingsTabs: SettingsTab[] = [
  { label: 'Exports', Panel: ExportsTab },
  { label: 'Import', Panel: ImportTab },
  { label: 'Company', Panel: CompanyTab },
  { label: 'Users', Panel: UsersTab },
  { label: 'Fields', Panel: FieldsTab },
  { label: 'Demo data', Panel: DemoDataTab },
  { label: 'Jobs', Panel: JobsTab },
];

/** The link to one tab of Settings, by its label: /settings?tab=company opens Company. */
export const settingsTabPath = (label: string) => `/settings?tab=${tabKey(label)}`;
