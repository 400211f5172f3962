import type { ComponentType } from 'react';
import type { Entity } from '../../schema';
import { resolveScreens } from '../../schema/screens';
import { entityIcon } from './entityIcons';

/** One entry of the navigation (SPEC §2 "Navigation shell"): a label, where it goes, its icon. */
export interface NavigationEntry {
  label: string;
  to: string;
  icon: ComponentType;
  /** Shown in the desktop side navigation only, not in the mobile top bar. */
  desktopOnly?: boolean;
}

/** The navigation entry of a declared entity: its title and icon, to its list. */
export function navigationEntryOf(entity: Entity): NavigationEntry {
  const screens = resolveScreens(entity);
  return { label: screens.title, to: `/${entity.route}`, icon: entityIcon(screens.icon) };
}
