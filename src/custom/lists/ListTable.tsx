import type { KeyboardEvent } from 'react';
import {
  Box,
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
  /** The row shown as selected (e.g. the work area whose items are open), if any. */
  selectedId?: Identifier | null;
  emptyText: string;
  'aria-label'?: string;
}

/** A plain table of records: sortable headers, clickable rows, a line when there is nothing. */
export function ListTable<R extends RaRecord>({
  columns,
  rows,
  isPending,
  sort,
  onSort,
  onRowClick,
  selectedId,
  emptyText,
  'aria-label': ariaLabel,
}: ListTableProps<R>) {
  const activate = (record: R) => onRowClick?.(record);
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
    <TableContainer>
      {isPending && <LinearProgress aria-label="Loading" />}
      <Table size="small" aria-label={ariaLabel}>
        <TableHead>
          <TableRow>
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
              hover={Boolean(onRowClick)}
              selected={selectedId !== undefined && selectedId !== null && record.id === selectedId}
              aria-selected={selectedId !== undefined ? record.id === selectedId : undefined}
              onClick={onRowClick ? () => activate(record) : undefined}
              onKeyDown={onRowClick ? (event) => onRowKey(event, record) : undefined}
              tabIndex={onRowClick ? 0 : undefined}
              sx={onRowClick ? { cursor: 'pointer' } : undefined}
            >
              {columns.map((column) => (
                <TableCell key={column.source} align={column.align}>
                  {column.render ? column.render(record) : plainValue(record[column.source])}
                </TableCell>
              ))}
            </TableRow>
          ))}
          {!isPending && rows?.length === 0 && (
            <TableRow>
              <TableCell colSpan={columns.length}>{emptyText}</TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function sortDirectionOf<R>(column: ListColumn<R>, sort: SortPayload | undefined) {
  if (!column.sortKey || sort?.field !== column.sortKey) return false;
  return sort.order === 'DESC' ? 'desc' : 'asc';
}

function plainValue(value: unknown): string {
  return value === null || value === undefined ? '' : String(value);
}
