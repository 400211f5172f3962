import type { ComponentType, ReactNode } from 'react';
import { Button } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import type { RaRecord } from 'react-admin';
import type { Entity } from '../../schema';
import { resolveScreens } from '../../schema/screens';
import type { ListColumn } from '../lists/columns';
import { ResourceListPage } from '../lists/ResourceListPage';
import { declaredColumns } from '../lists/fieldCells';
import { BulkDeleteButton } from '../lists/BulkDeleteButton';
import { SetCustomFieldButton } from '../customFields/SetCustomFieldButton';
import { selectionLabelOf } from '../lists/selectionLabel';
import { useDialogState } from '../forms/useDialogState';
import { EntityNewDialog, type NewDialogProps } from './EntityNewDialog';

interface EntityListPageProps {
  entity: Entity;
  /** A bespoke New dialog (e.g. New Customer's address search); the declared `createFields` unless given. */
  newDialog?: ComponentType<NewDialogProps>;
  /** Bespoke columns (e.g. terms moved up and down in their Order cell); the declared `listColumns` unless given. */
  columns?: ListColumn<RaRecord>[];
  /** Buttons before New (e.g. Import). */
  moreActions?: ComponentType;
  /** Bulk actions of the entity beside Delete (e.g. assigning a service to the ticked sites). */
  bulkActions?: ReactNode;
}

/**
 * The list of a declared entity: search, its columns, pages of 20/50/100, Export, more actions
 * and New; a row opens its detail; ticked rows can be deleted (and whatever else the resource adds).
 */
export function EntityListPage({ entity, newDialog: NewDialog, columns, moreActions: MoreActions, bulkActions }: EntityListPageProps) {
  const screens = resolveScreens(entity);
  const newRecord = useDialogState();
  return (
    <ResourceListPage<RaRecord>
      entity={entity}
      title={screens.title}
      searchPlaceholder={screens.searchPlaceholder}
      columns={columns ?? declaredColumns<RaRecord>(entity, screens.listColumns)}
      exportList={entity}
      selectionLabel={selectionLabelOf(entity)}
      bulkActions={
        <>
          {bulkActions}
          <SetCustomFieldButton list={entity} />
          {entity.routes?.delete !== false && <BulkDeleteButton list={entity} />}
        </>
      }
      actions={
        <>
          {MoreActions && <MoreActions />}
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => newRecord.open(true)}>
            {screens.newTitle}
          </Button>
        </>
      }
    >
      {NewDialog ? (
        <NewDialog open={newRecord.isOpen} onClose={newRecord.close} />
      ) : (
        <EntityNewDialog entity={entity} open={newRecord.isOpen} onClose={newRecord.close} />
      )}
    </ResourceListPage>
  );
}
