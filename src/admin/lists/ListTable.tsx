import type { KeyboardEvent, MouseEvent, ReactNode } from 'react';
import {
  Box,
  Checkbox,
  Link,
  LinearProgress,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TableSortLabel,
} from '@mui/material';
import type { Identifier, RaRecord, SortPayload } from 'react-admin';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import type { ListColumn } from './columns';
import { nextSort } from './sortToggle';

export interface ListTableProps<R extends RaRecord> {
  columns: ListColumn<R>[];
  rows: R[] | undefined;
  isPending?: boolean;
  /** Current sort; headers of columns with a sortKey become sort toggles when onSort is given. */
  sort?: SortPayload;
  onSort?: (sort: SortPayload) => void;
  onRowClick?: (record: R) => void;
  /**
   * Where a row leads: the first plain cell holds a real link to it (announced as a link, one Tab
   * stop per row, its own context menu), and a click anywhere else in the row goes there too —
   * in a new tab with Ctrl, ⌘ or the middle button, as a link would; selecting text does not.
   */
  rowHref?: (record: R) => string;
  /** The row shown as selected (e.g. the work area whose items are open), if any. */
  selectedId?: Identifier | null;
  emptyText: string;
  'aria-label'?: string;
  /** Rows can be ticked for an action on several at once (a checkbox first in each row). */
  selection?: RowSelection;
}

export interface RowSelection {
  selectedIds: Identifier[];
  onToggle: (id: Identifier) => void;
  /** Ticks every row shown, or unticks them all when every one is ticked. */
  onToggleAll: (ids: Identifier[]) => void;
  /** What a row's checkbox is called ("Select estimate 1042"). */
  rowLabel: (record: RaRecord) => string;
}

/** A plain table of records: sortable headers, clickable rows, a line when there is nothing. */
export function ListTable<R extends RaRecord>({
  columns,
  rows,
  isPending,
  sort,
  onSort,
  onRowClick,
  rowHref,
  selectedId,
  emptyText,
  'aria-label': ariaLabel,
  selection,
}: ListTableProps<R>) {
  const navigate = useNavigate();
  const activate = (record: R) => onRowClick?.(record);
  const followRowLink = (event: MouseEvent, record: R) => {
    if ((event.target as Element).closest('a, button, input, [role="button"]')) return;
    if (window.getSelection()?.toString()) return;
    const href = rowHref!(record);
    if (event.ctrlKey || event.metaKey || event.button === 1) window.open(href, '_blank', 'noopener');
    else if (event.button === 0) navigate(href);
  };
  // Not a cell with controls of its own (a term's order buttons): a link cannot hold them.
  const linkColumn = Math.max(
    0,
    columns.findIndex((column) => !column.render),
  );
  const cellContent = (column: ListColumn<R>, record: R, index: number): ReactNode => {
    const content = column.render ? column.render(record) : plainValue(record[column.source]);
    if (!rowHref || index !== linkColumn) return content;
    return (
      <Link
        component={RouterLink}
        to={rowHref(record)}
        data-row-link
        underline="hover"
        color="inherit"
        sx={{ '&:focus-visible': { outline: 'none' } }}
      >
        {content}
      </Link>
    );
  };
  const headerLabel = (column: ListColumn<R>) =>
    column.sortKey && onSort ? (
      <TableSortLabel
        active={sort?.field === column.sortKey}
        direction={sort?.field === column.sortKey && sort.order === 'DESC' ? 'desc' : 'asc'}
        onClick={() => onSort(nextSort(sort, column.sortKey!))}
      >
        {column.label}
      </TableSortLabel>
    ) : (
      column.label
    );
  const onRowKey = (event: KeyboardEvent, record: R) => {
    if (event.key === 'Enter') activate(record);
  };

  return (
    // The loading bar lies over the table's top edge rather than above it: taking room, it would
    // move the table when it goes (a layout shift, WCAG-minded CLS ≤ 0.05).
    <TableContainer sx={{ position: 'relative' }}>
      {isPending && <LinearProgress aria-label="Loading" sx={{ position: 'absolute', top: 0, left: 0, right: 0, zIndex: 2 }} />}
      <Table size="small" aria-label={ariaLabel}>
        <TableHead>
          <TableRow>
            {selection && <SelectAllCell rows={rows ?? []} selection={selection} />}
            {columns.map((column) => (
              <TableCell key={column.source} align={column.align} sortDirection={sortDirectionOf(column, sort)}>
                {column.headerAction ? (
                  <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', whiteSpace: 'nowrap' }}>
                    {headerLabel(column)}
                    {column.headerAction}
                  </Box>
                ) : (
                  headerLabel(column)
                )}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows?.map((record) => (
            <TableRow
              key={record.id}
              hover={Boolean(onRowClick || rowHref)}
              selected={selectedId !== undefined && selectedId !== null && record.id === selectedId}
              aria-selected={selectedId !== undefined ? record.id === selectedId : undefined}
              onClick={rowHref ? (event) => followRowLink(event, record) : onRowClick ? () => activate(record) : undefined}
              onAuxClick={rowHref ? (event) => followRowLink(event, record) : undefined}
              onKeyDown={onRowClick && !rowHref ? (event) => onRowKey(event, record) : undefined}
              tabIndex={onRowClick && !rowHref ? 0 : undefined}
              sx={rowHref || onRowClick ? { cursor: 'pointer' } : undefined}
            >
              {selection && (
                <TableCell padding="checkbox">
                  <Checkbox
                    checked={selection.selectedIds.includes(record.id)}
                    onChange={() => selection.onToggle(record.id)}
                    slotProps={{ input: { 'aria-label': selection.rowLabel(record) } }}
                  />
                </TableCell>
              )}
              {columns.map((column, index) => (
                <TableCell key={column.source} align={column.align}>
                  {cellContent(column, record, index)}
                </TableCell>
              ))}
            </TableRow>
          ))}
          {!isPending && rows?.length === 0 && (
            <TableRow>
              <TableCell colSpan={columns.length + (selection ? 1 : 0)}>{emptyText}</TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function SelectAllCell({ rows, selection }: { rows: RaRecord[]; selection: RowSelection }) {
  const ids = rows.map((row) => row.id);
  const ticked = ids.filter((id) => selection.selectedIds.includes(id)).length;
  return (
    <TableCell padding="checkbox">
      <Checkbox
        checked={ids.length > 0 && ticked === ids.length}
        indeterminate={ticked > 0 && ticked < ids.length}
        disabled={ids.length === 0}
        onChange={() => selection.onToggleAll(ids)}
        slotProps={{ input: { 'aria-label': 'Select every row shown' } }}
      />
    </TableCell>
  );
}

function sortDirectionOf<R>(column: ListColumn<R>, sort: SortPayload | undefined) {
  if (!column.sortKey || sort?.field !== column.sortKey) return false;
  return sort.order === 'DESC' ? 'desc' : 'asc';
}

function plainValue(value: unknown): string {
  return value === null || value === undefined ? '' : String(value);
}
