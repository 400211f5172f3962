import { Button } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import type { RaRecord } from 'react-admin';
import type { Entity } from '../../schema';
import { resolveScreens } from '../../schema/screens';
import { ResourceListPage } from '../lists/ResourceListPage';
import { declaredColumns } from '../lists/fieldCells';
import { useDialogState } from '../forms/useDialogState';
import { capitalised, EntityNewDialog } from './EntityNewDialog';

/** The list of a declared entity: search, its declared columns, pages of 20/50/100, and New. */
export function EntityListPage({ entity }: { entity: Entity }) {
  const screens = resolveScreens(entity);
  const newRecord = useDialogState();
  return (
    <ResourceListPage<RaRecord>
      entity={entity}
      title={screens.title}
      searchPlaceholder={`Search ${screens.title}`}
      columns={declaredColumns<RaRecord>(entity, screens.listColumns)}
      actions={
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => newRecord.open(true)}>
          New {capitalised(entity.singular)}
        </Button>
      }
    >
      <EntityNewDialog entity={entity} open={newRecord.isOpen} onClose={newRecord.close} />
    </ResourceListPage>
  );
}
