import type { ComponentType } from 'react';
import { ExportsTab } from './ExportsTab';
import { UsersTab } from './users/UsersTab';
import { CompanyTab } from './CompanyTab';
import { DemoDataTab } from './DemoDataTab';
import { ImportTab } from '../import/ImportTab';

export interface SettingsTab {
  label: string;
  Panel: ComponentType;
}

/**
 * Tabs of the Settings page, in order (SPEC §2: Exports; beyond it Company, Users and Demo data).
 * Each feature that adds a tab adds one line here.
 */
export const settingsTabs: SettingsTab[] = [
  { label: 'Exports', Panel: ExportsTab },
  { label: 'Import', Panel: ImportTab },
  { label: 'Company', Panel: CompanyTab },
  { label: 'Users', Panel: UsersTab },
  { label: 'Demo data', Panel: DemoDataTab },
];

/** A tab's place in the page's address: /settings?tab=company opens Company. */
export const settingsTabKey = (tab: Pick<SettingsTab, 'label'>) => tab.label.toLowerCase().replace(/\s+/g, '-');

/** The link to one tab of Settings, by its label. */
export const settingsTabPath = (label: string) => `/settings?tab=${settingsTabKey({ label })}`;
