import type { ComponentType } from 'react';
import { ExportsTab } from './ExportsTab';
import { UsersTab } from './users/UsersTab';
import { CompanyTab } from './CompanyTab';

export interface SettingsTab {
  label: string;
  Panel: ComponentType;
}

/**
 * Tabs of the Settings page, in order (SPEC §2: Exports; beyond it Company and Users).
 * Each feature that adds a tab adds one line here.
 */
export const settingsTabs: SettingsTab[] = [
  { label: 'Exports', Panel: ExportsTab },
  { label: 'Company', Panel: CompanyTab },
  { label: 'Users', Panel: UsersTab },
];
