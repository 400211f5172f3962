import { Button, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import type { RaRecord } from 'react-admin';
import { items } from '../../schema';
import { formatMoney } from '../../domain/money';
import { entityColumns, type ListColumn } from '../../custom/lists/columns';
import { ResourceListPage } from '../../custom/lists/ResourceListPage';
import { useDialogState } from '../../custom/forms/useDialogState';
import { ItemEditor } from './ItemEditor';

const money = (source: string) => (record: RaRecord) => formatMoney(record[source] as number);

/** A long description shows its first two lines; the editor has the rest. */
const clampedDescription = (record: RaRecord) => (
  <Typography variant="body2" sx={{ display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}>
    {record.description as string}
  </Typography>
);

const renderers: Record<string, ListColumn<RaRecord>['render']> = {
  description: clampedDescription,
  cost: money('cost'),
  price: money('price'),
};

/** Name, Description, Units, Cost and Price (SPEC §2), money formatted. */
export const itemColumns: ListColumn<RaRecord>[] = entityColumns<RaRecord>(items).map((column) =>
  renderers[column.source] ? { ...column, render: renderers[column.source] } : column,
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
