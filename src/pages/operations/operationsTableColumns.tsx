import { operationsColumns, SERVICES_FILTER, type OperationRow } from '../../schema/operations';
import type { ListColumn } from '../../admin/lists/columns';
import { ListFilterButton } from '../../admin/lists/ListFilterButton';
import { ColumnValueOptions } from './OperationsFilterOptions';
import { ServiceFilterOptions } from '../../resources/services/ServiceFilterOptions';
import { SiteServicesCell } from './SiteServicesCell';
import { MapLink } from '../../admin/detail/ContactLinks';

/** The operations table (SPEC §2): the declared columns, their filter buttons, the services count. */
export const operationsTableColumns: ListColumn<OperationRow>[] = operationsColumns.map((column) => {
  const { filterKey } = column;
  const Options = filterKey === SERVICES_FILTER ? ServiceFilterOptions : ColumnValueOptions;
  return {
    source: column.source,
    label: column.label,
    sortKey: column.sortKey,
    headerAction: filterKey && (
      <ListFilterButton filterKey={filterKey} label={column.label}>
        <Options filterKey={filterKey} label={column.label} />
      </ListFilterButton>
    ),
    render: cellOf(column.source),
  };
});

function cellOf(source: string): ListColumn<OperationRow>['render'] {
  if (source === 'services') return (row) => <SiteServicesCell row={row} />;
  // The site's address opens on a map, as on every other list.
  if (source === 'siteAddress1') {
    return (row) => (
      <MapLink address={{ address1: row.siteAddress1, city: row.siteCity, state: row.siteState, zip: row.siteZip }}>
        {row.siteAddress1}
      </MapLink>
    );
  }
  return undefined;
}
