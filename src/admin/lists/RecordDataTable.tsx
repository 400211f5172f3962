import { createContext, forwardRef, useContext, type MouseEvent } from 'react';
import { Box, Checkbox, LinearProgress, Link, TableCell, TableHead, TableRow, TableSortLabel, type TableRowProps } from '@mui/material';
import {
  DataTable,
  DataTableBody,
  DataTableRow,
  useCreatePath,
  useListContextWithProps,
  useRecordContext,
  type Identifier,
  type RaRecord,
} from 'react-admin';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import type { ListColumn } from './columns';
import { nextSort } from './sortToggle';

export interface RecordDataTableProps<R extends RaRecord> {
  columns: ListColumn<R>[];
  /** Rows of no list context (a work area's items); otherwise the list context's. */
  rows?: R[];
  isPending?: boolean;
  /** Where a row leads; in a list context, the record's detail route unless given. */
  rowLink?: (record: R) => string;
  /** Instead of a link, e.g. to open the row in a modal or select it. */
  onRowClick?: (record: R) => void;
  /** The row shown as selected (the work area whose items are open), if any. */
  selectedId?: Identifier | null;
  emptyText: string;
  /** The table's name; the resource's unless given. */
  'aria-label'?: string;
  /** Headers toggle the list's sort (default); false for a fixed order. */
  sortable?: boolean;
  /** Rows can be ticked (the list context's selection), each checkbox named by this. */
  selectionLabel?: (record: R) => string;
}

/** The stand-in row of a table with no rows (see RecordTableRow). */
const NO_ROWS: RaRecord = { id: '\u0000no-rows' };

type TableSetup = ReturnType<typeof useTableSetup>;
const SetupContext = createContext<TableSetup | null>(null);
const useSetup = () => useContext(SetupContext)!;

function useTableSetup<R extends RaRecord>({
  columns,
  rows,
  isPending,
  rowLink,
  onRowClick,
  selectedId,
  emptyText,
  'aria-label': ariaLabel,
  sortable = true,
  selectionLabel,
}: RecordDataTableProps<R>) {
  const standalone = rows !== undefined || isPending !== undefined;
  const list = useListContextWithProps<RaRecord>(standalone ? { data: rows, isPending: Boolean(isPending) } : {});
  const createPath = useCreatePath();
  const resource = list.resource ?? 'records';
  const { selectedIds = [], onToggleItem, onSelect, onUnselectItems } = list;
  const linkOf = rowLink ?? (standalone ? undefined : (record: R) => createPath({ resource, id: record.id, type: 'edit' }));
  return {
    columns: columns as ListColumn<RaRecord>[],
    resource,
    sort: sortable && !standalone ? list.sort : undefined,
    setSort: sortable && !standalone ? list.setSort : undefined,
    rowHref: (onRowClick ? undefined : linkOf) as ((record: RaRecord) => string) | undefined,
    onRowClick: onRowClick as ((record: RaRecord) => void) | undefined,
    selectedId,
    selection: selectionLabel && {
      selectedIds,
      onToggle: (id: Identifier) => onToggleItem?.(id),
      onToggleAll: (ids: Identifier[]) =>
        ids.every((id) => selectedIds.includes(id)) ? onUnselectItems?.() : onSelect?.([...new Set([...selectedIds, ...ids])]),
      label: selectionLabel as (record: RaRecord) => string,
    },
    data: list.data ?? [],
    isPending: Boolean(list.isPending),
    emptyText,
    ariaLabel: ariaLabel ?? list.resource,
  };
}

/**
 * A table of records: react-admin's DataTable (its body, rows, cells, record contexts), with
 * the parts SPEC and the access rules ask for that it does not have — see each part below.
 */
export function RecordDataTable<R extends RaRecord>(props: RecordDataTableProps<R>) {
  const setup = useTableSetup(props);
  const { columns, data, resource, rowHref, onRowClick, selection } = setup;
  const linkColumn = Math.max(
    0,
    columns.findIndex((column) => !column.render),
  ); // not a cell with controls of its own

  return (
    <SetupContext.Provider value={setup}>
      {/* The loading bar lies over the table's top edge rather than above it: taking room, it
          would move the table when it goes (no layout shift, CLS ≤ 0.05). */}
      <Box sx={{ position: 'relative' }}>
        {setup.isPending && <LinearProgress aria-label="Loading" sx={{ position: 'absolute', top: 0, left: 0, right: 0, zIndex: 2 }} />}
        {/* DataTable shows no table while the rows come or when there are none; ours stays, one
          element throughout, its header (and column filters) reachable: a stand-in row then
          holds the empty line (RecordTableRow). */}
        <DataTable<RaRecord>
          resource={resource}
          data={data.length ? data : [NO_ROWS]}
          isPending={false}
          total={Math.max(1, data.length)}
          bulkActionButtons={false}
          rowClick={false}
          hover={Boolean(rowHref || onRowClick)}
          head={RecordTableHead}
          body={RecordTableBody}
          aria-label={setup.ariaLabel}
        >
          {/* A row's checkbox is named by its record ("Select estimate 1042"), not "Select this row". */}
          {selection && (
            <DataTable.Col
              label=""
              padding="checkbox"
              render={(record) => (
                <Checkbox
                  checked={selection.selectedIds.includes(record.id)}
                  onChange={() => selection.onToggle(record.id)}
                  slotProps={{ input: { 'aria-label': selection.label(record as RaRecord) } }}
                />
              )}
            />
          )}
          {columns.map((column, index) => (
            <DataTable.Col
              key={column.source}
              source={column.source}
              label={column.label}
              align={column.align}
              render={(record) => {
                const content = column.render ? column.render(record as RaRecord) : String(record[column.source] ?? '');
                // Row links (docs/ARCHITECTURE.md): the first plain cell holds a real link (announced
                // as a link, one Tab stop per row); RecordTableRow makes the rest of the row follow it.
                if (!rowHref || index !== linkColumn) return content;
                return (
                  <Link component={RouterLink} to={rowHref(record as RaRecord)} data-row-link underline="hover" color="inherit">
                    {content}
                  </Link>
                );
              }}
            />
          ))}
        </DataTable>
      </Box>
    </SetupContext.Provider>
  );
}

function RecordTableBody(props: object) {
  return <DataTableBody {...props} row={RecordTableRow} />;
}

/**
 * DataTable's row, plus: a click off the row link follows it (Ctrl/⌘/middle button in a new
 * tab, not while text is selected — Row links); the selected row is marked (aria-selected);
 * a row that opens a modal instead is a Tab stop that Enter opens.
 */
const RecordTableRow = forwardRef<HTMLTableRowElement, TableRowProps>(function RecordTableRow(props, ref) {
  const record = useRecordContext()!;
  const { rowHref, onRowClick, selectedId, isPending, emptyText, columns, selection } = useSetup();
  const navigate = useNavigate();
  if (record === NO_ROWS)
    return isPending ? null : (
      <TableRow ref={ref}>
        <TableCell colSpan={columns.length + (selection ? 1 : 0)}>{emptyText}</TableCell>
      </TableRow>
    );
  const followRowLink = (event: MouseEvent) => {
    if ((event.target as Element).closest('a, button, input, [role="button"]')) return;
    if (window.getSelection()?.toString()) return;
    const href = rowHref!(record);
    if (event.ctrlKey || event.metaKey || event.button === 1) window.open(href, '_blank', 'noopener');
    else if (event.button === 0) navigate(href);
  };
  const isSelected = selectedId !== undefined && selectedId !== null && record.id === selectedId;
  return (
    <DataTableRow
      ref={ref}
      {...props}
      selected={isSelected}
      aria-selected={selectedId !== undefined ? isSelected : undefined}
      onClick={rowHref ? followRowLink : onRowClick ? () => onRowClick(record) : undefined}
      onAuxClick={rowHref ? followRowLink : undefined}
      onKeyDown={onRowClick && !rowHref ? (event) => event.key === 'Enter' && onRowClick(record) : undefined}
      tabIndex={onRowClick && !rowHref ? 0 : undefined}
      sx={rowHref || onRowClick ? { cursor: 'pointer' } : undefined}
    />
  );
});

/**
 * The header row. DataTable's own toggles sort as SPEC §4 asks, but names each header's button
 * "Sort by …" (a tooltip), sets no aria-sort and sorts by the record field; ours keeps the
 * column's name, aria-sort, the API's sort key (SPEC §9) and a filter popover beside the label.
 */
function RecordTableHead() {
  const { columns, sort, setSort, selection, data } = useSetup();
  const directionOf = (column: ListColumn<RaRecord>) =>
    column.sortKey && sort?.field === column.sortKey ? (sort.order === 'DESC' ? 'desc' : 'asc') : false;
  const headerLabel = (column: ListColumn<RaRecord>) =>
    column.sortKey && setSort ? (
      <TableSortLabel
        active={directionOf(column) !== false}
        direction={directionOf(column) || 'asc'}
        // SPEC §4: the same column again flips ASC/DESC; any other column starts ASC.
        onClick={() => setSort(nextSort(sort, column.sortKey!))}
      >
        {column.label}
      </TableSortLabel>
    ) : (
      column.label
    );
  const ids = data.map((row) => row.id);
  const ticked = selection ? ids.filter((id) => selection.selectedIds.includes(id)).length : 0;
  const partial = ticked > 0 && ticked < ids.length;
  return (
    <TableHead>
      <TableRow>
        {selection && (
          <TableCell padding="checkbox">
            <Checkbox
              checked={ids.length > 0 && ticked === ids.length}
              indeterminate={partial}
              // MUI says "mixed" with aria-checked, which a native checkbox may not carry (axe):
              // the input's own indeterminate property says it instead.
              inputRef={(input: HTMLInputElement | null) => {
                if (input) input.indeterminate = partial;
              }}
              disabled={ids.length === 0}
              onChange={() => selection.onToggleAll(ids)}
              slotProps={{ input: { 'aria-label': 'Select every row shown', 'aria-checked': undefined } }}
            />
          </TableCell>
        )}
        {columns.map((column) => (
          <TableCell key={column.source} align={column.align} sortDirection={directionOf(column)}>
            <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', whiteSpace: 'nowrap' }}>
              {headerLabel(column)}
              {column.headerAction}
            </Box>
          </TableCell>
        ))}
      </TableRow>
    </TableHead>
  );
}
