import { Button } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import type { RaRecord } from 'react-admin';
import { items } from '../../schema';
import { formatMoney } from '../../domain/money';
import { entityColumns, type ListColumn } from '../../custom/lists/columns';
import { ResourceListPage } from '../../custom/lists/ResourceListPage';
import { useDialogState } from '../../custom/forms/useDialogState';
import { ItemEditor } from './ItemEditor';

const moneyFields = new Set(['cost', 'price']);

/** Name, Description, Units, Cost and Price (SPEC §2), money formatted. */
export const itemColumns: ListColumn<RaRecord>[] = entityColumns<RaRecord>(items).map((column) =>
  moneyFields.has(column.source) ? { ...column, render: (record) => formatMoney(record[column.source] as number) } : column,
);

/** /itemCatalog: search, New Item, sortable columns; a row opens the Item Editor. */
export function ItemList() {
  const editor = useDialogState<{ item: RaRecord | null }>();
  return (
    <ResourceListPage
      entity={items}
      title="Item Catalog"
      searchPlaceholder="Search Items"
      columns={itemColumns}
      onRowClick={(item) => editor.open({ item })}
      actions={
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => editor.open({ item: null })}>
          New Item
        </Button>
      }
    >
      {editor.value && <ItemEditor item={editor.value.item} onClose={editor.close} />}
    </ResourceListPage>
  );
}
