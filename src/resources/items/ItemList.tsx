import { ItemsImportButton } from '../imports/ImportButton';
import { SetCustomFieldButton } from '../../admin/customFields/SetCustomFieldButton';
import { Button, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import type { RaRecord } from 'react-admin';
import { items } from '../../schema';
import { resolveScreens } from '../../schema/screens';
import { declaredColumns } from '../../admin/lists/fieldCells';
import { ResourceListPage } from '../../admin/lists/ResourceListPage';
import { useDialogState } from '../../admin/forms/useDialogState';
import { ItemEditor } from './ItemEditor';
import { BulkDeleteButton } from '../../admin/lists/BulkDeleteButton';
import { selectionLabelOf } from '../../admin/lists/selectionLabel';

/** A long description shows its first two lines; the editor has the rest. */
const clampedDescription = (record: RaRecord) => (
  <Typography variant="body2" sx={{ display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}>
    {record.description as string}
  </Typography>
);

/** Name, Description, Units, Cost and Price (SPEC §2), shown by kind (money as money). */
const itemColumns = declaredColumns<RaRecord>(items).map((column) =>
  column.source === 'description' ? { ...column, render: clampedDescription } : column,
);

/** /itemCatalog: search, New Item, sortable columns; a row opens the Item Editor. */
export function ItemList() {
  const editor = useDialogState<{ item: RaRecord | null }>();
  const screens = resolveScreens(items);
  return (
    <ResourceListPage
      entity={items}
      title={screens.title}
      searchPlaceholder="Search Items"
      columns={itemColumns}
      onRowClick={(item) => editor.open({ item })}
      exportList={items}
      selectionLabel={selectionLabelOf(items)}
      bulkActions={
        <>
          <SetCustomFieldButton list={items} />
          <BulkDeleteButton list={items} />
        </>
      }
      actions={
        <>
          <ItemsImportButton />
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => editor.open({ item: null })}>
            {screens.newTitle}
          </Button>
        </>
      }
    >
      {editor.value && <ItemEditor item={editor.value.item} onClose={editor.close} />}
    </ResourceListPage>
  );
}
