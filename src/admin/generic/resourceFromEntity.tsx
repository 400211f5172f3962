import type { ComponentType } from 'react';
import type { Entity } from '../../schema';
import { resolveScreens } from '../../schema/screens';
import { lazyScreen } from '../lazyScreen';
import { entityIcon } from './entityIcons';
import type { NewDialogProps } from './EntityNewDialog';

// Like every screen, not part of the sign-in page's download (src/admin/lazyScreen.ts).
const EntityListPage = lazyScreen(() => import('./EntityListPage'), 'EntityListPage');
const EntityDetailPage = lazyScreen(() => import('./EntityDetailPage'), 'EntityDetailPage');

/** The parts of a resource's screens that are bespoke; the rest comes from the declaration. */
export interface EntityResourceOverrides {
  /** The whole list page, instead of the generic one. */
  list?: ComponentType;
  /** More buttons beside the generic list's New (an Import button). */
  listActions?: ComponentType;
  /** Bulk actions of the generic list beside Delete, on its ticked rows. */
  bulkActions?: ComponentType;
  /** The generic list's New dialog (the generic list stays). */
  create?: ComponentType<NewDialogProps>;
  /** The detail page (/<route>/:id); `null` when there is none (records open in a modal of the list). */
  edit?: ComponentType | null;
}

/**
 * The props of a react-admin `<Resource>` made from a declaration: the list, the New dialog
 * and the detail page of src/admin/generic, with the label and icon it declares, and in
 * place of each what `overrides` gives:
 * `<Resource {...resourceFromEntity(customers, { create: NewCustomerDialog, edit: CustomerEdit })} />`.
 */
export function resourceFromEntity(entity: Entity, overrides: EntityResourceOverrides = {}) {
  const screens = resolveScreens(entity);
  const { list: List, create, edit: Edit, listActions, bulkActions: BulkActions } = overrides;
  return {
    name: entity.name,
    list: List ? (
      <List />
    ) : (
      <EntityListPage entity={entity} newDialog={create} moreActions={listActions} bulkActions={BulkActions && <BulkActions />} />
    ),
    edit: Edit === null ? undefined : Edit ? <Edit /> : <EntityDetailPage entity={entity} />,
    icon: entityIcon(screens.icon),
    options: { label: screens.title },
    recordRepresentation: screens.titleField,
  };
}
