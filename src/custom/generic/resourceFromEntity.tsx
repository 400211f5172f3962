import type { ComponentType, ReactElement } from 'react';
import type { Entity } from '../../schema';
import { resolveScreens } from '../../schema/screens';
import type { NavigationEntry } from '../layout/navigationEntries';
import { lazyScreen } from '../lazyScreen';
import { entityIcon } from './entityIcons';

// Like every screen, not part of the sign-in page's download (src/custom/lazyScreen.ts).
const EntityListPage = lazyScreen(() => import('./EntityListPage'), 'EntityListPage') as ComponentType<{ entity: Entity }>;
const EntityDetailPage = lazyScreen(() => import('./EntityDetailPage'), 'EntityDetailPage') as ComponentType<{ entity: Entity }>;

export interface EntityResourceOverrides {
  list?: ComponentType | ReactElement;
  edit?: ComponentType | ReactElement;
}

/**
 * The props of a react-admin `<Resource>` made from a declaration alone: the list, the New
 * dialog and the detail page of src/custom/generic, with the label and icon it declares.
 * A bespoke screen overrides only the part that differs:
 * `<Resource {...resourceFromEntity(equipment, { edit: EquipmentEdit })} />`.
 */
export function resourceFromEntity(entity: Entity, overrides: EntityResourceOverrides = {}) {
  const screens = resolveScreens(entity);
  return {
    name: entity.name,
    list: overrides.list ?? <EntityListPage entity={entity} />,
    edit: overrides.edit ?? <EntityDetailPage entity={entity} />,
    icon: entityIcon(screens.icon),
    options: { label: screens.title },
    recordRepresentation: screens.titleField,
  };
}

/** The navigation entry of a declared entity: its title and icon, to its list. */
export function navigationEntryOf(entity: Entity): NavigationEntry {
  const screens = resolveScreens(entity);
  return { label: screens.title, to: `/${entity.route}`, icon: entityIcon(screens.icon) };
}
