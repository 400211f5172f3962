import { operationsColumns, SERVICES_FILTER, type OperationRow } from '../../schema/operations';
import type { ListColumn } from '../lists/columns';
import { ListFilterButton } from '../lists/ListFilterButton';
import { ColumnValueOptions, ServiceOptions } from './OperationsFilterOptions';
import { SiteServicesCell } from './SiteServicesCell';

/** The operations table (SPEC §2): the declared columns, their filter buttons, the services count. */
export const operationsTableColumns: ListColumn<OperationRow>[] = operationsColumns.map((column) => {
  const { filterKey } = column;
  const Options = filterKey === SERVICES_FILTER ? ServiceOptions : ColumnValueOptions;
  return {
    source: column.source,
    label: column.label,
    sortKey: column.sortKey,
    headerAction: filterKey && (
      <ListFilterButton filterKey={filterKey} label={column.label}>
        <Options filterKey={filterKey} label={column.label} />
      </ListFilterButton>
    ),
    render: column.source === 'services' ? (row: OperationRow) => <SiteServicesCell row={row} /> : undefined,
  };
});
