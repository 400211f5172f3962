import type { ComponentType } from 'react';
import { ExportsTab } from './ExportsTab';
import { UsersTab } from './users/UsersTab';
import { CompanyTab } from './CompanyTab';
import { ImportTab } from '../import/ImportTab';

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
  { label: 'Import', Panel: ImportTab },
  { label: 'Company', Panel: CompanyTab },
  { label: 'Users', Panel: UsersTab },
];
