import { useCreatePath, useListContext, type RaRecord } from 'react-admin';
import type { ListColumn } from './columns';
import { ListTable } from './ListTable';

export interface ListContextTableProps<R extends RaRecord> {
  columns: ListColumn<R>[];
  /** Where a row leads; defaults to the record's detail route (/<resource>/<id>). */
  rowLink?: (record: R) => string;
  /** Instead of a link, e.g. to open the row in a modal. */
  onRowClick?: (record: R) => void;
  emptyText: string;
  /** The table's name; the resource's unless given. */
  'aria-label'?: string;
  /** Headers toggle the list's sort (default); false for a fixed order. */
  sortable?: boolean;
  /** Rows can be ticked (the list context's selection), each checkbox named by this. */
  selectionLabel?: (record: R) => string;
}

/** The table of the current list context, sorted through the list's own sort state. */
export function ListContextTable<R extends RaRecord>({
  columns,
  rowLink,
  onRowClick,
  emptyText,
  'aria-label': ariaLabel,
  sortable = true,
  selectionLabel,
}: ListContextTableProps<R>) {
  const { data, isPending, sort, setSort, resource, selectedIds, onToggleItem, onSelect, onUnselectItems } = useListContext<R>();
  const createPath = useCreatePath();
  const linkOf = rowLink ?? ((record: R) => createPath({ resource, id: record.id, type: 'edit' }));

  return (
    <ListTable<R>
      columns={columns}
      rows={data}
      isPending={isPending}
      sort={sortable ? sort : undefined}
      onSort={sortable ? setSort : undefined}
      onRowClick={onRowClick}
      rowHref={onRowClick ? undefined : linkOf}
      emptyText={emptyText}
      aria-label={ariaLabel ?? resource}
      selection={
        selectionLabel && {
          selectedIds,
          onToggle: onToggleItem,
          onToggleAll: (ids) =>
            ids.every((id) => selectedIds.includes(id)) ? onUnselectItems() : onSelect([...new Set([...selectedIds, ...ids])]),
          rowLabel: (record) => selectionLabel(record as R),
        }
      }
    />
  );
}
