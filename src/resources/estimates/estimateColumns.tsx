import { Box, Chip } from '@mui/material';
import { format } from 'date-fns';
import type { RaRecord } from 'react-admin';
import { ESTIMATE_CREATED_YEAR, estimates } from '../../schema';
import { ListFilterButton } from '../../admin/lists/ListFilterButton';
import { EstimateYearOptions } from './EstimateYearOptions';
import { formatMoney } from '../../domain/money';
import { entityColumns, type ListColumn } from '../../admin/lists/columns';

/** An estimate's date as the tables show it (its creation, on the browser's calendar): 4/1/2025. */
export function formatEstimateDate(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  const date = new Date(String(value));
  return Number.isNaN(date.getTime()) ? '' : format(date, 'M/d/yyyy');
}

function amount(value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
}

const createdAtSortKey = Object.entries(estimates.systemSortKeys ?? {}).find(([, field]) => field === 'createdAt')?.[0];

const dateColumn: ListColumn<RaRecord> = {
  source: 'createdAt',
  label: 'Date',
  sortKey: createdAtSortKey,
  render: (record) => formatEstimateDate(record.createdAt),
};

const renderers: Record<string, ListColumn<RaRecord>['render']> = {
  // Archived ones show among the others only when asked for: they say so.
  projectName: (record) =>
    record.isArchived ? (
      <>
        {record.projectName}
        <Chip label="Archived" size="small" sx={{ ml: 1 }} />
      </>
    ) : (
      record.projectName
    ),
  subtotal: (record) => (
    <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
      {formatMoney(amount(record.subtotal))}
    </Box>
  ),
};

/** Declared columns in the order given (Number and Status read as declared), with Date after Number and money as money. */
function columns(fields: readonly string[]): ListColumn<RaRecord>[] {
  const [number, ...rest] = entityColumns<RaRecord>(estimates, fields).map((column) => ({
    ...column,
    render: renderers[column.source] ?? column.render,
  }));
  return [number, dateColumn, ...rest];
}

/** The estimates list (SPEC §2): Number, Date, Customer, Project Name, Status, Subtotal; Date filters by year (issue 23). */
export const estimateColumns = columns(['number', 'customerName', 'projectName', 'status', 'subtotal']).map((column) =>
  column.source === dateColumn.source
    ? {
        ...column,
        headerAction: (
          <ListFilterButton filterKey={ESTIMATE_CREATED_YEAR} label="Year">
            <EstimateYearOptions label="Year" />
          </ListFilterButton>
        ),
      }
    : column,
);

/** The customer detail's Estimates tab (SPEC §2): number, date, project name, status, subtotal. */
export const customerEstimateColumns = columns(['number', 'projectName', 'status', 'subtotal']);
