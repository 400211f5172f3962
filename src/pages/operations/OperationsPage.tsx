import { operations, type OperationRow } from '../../schema/operations';
import { ListTotal } from '../../admin/lists/ListTotal';
import { ResourceListPage } from '../../admin/lists/ResourceListPage';
import { DownloadOperationsButton } from './DownloadOperationsButton';
import { operationsTableColumns } from './operationsTableColumns';

/**
 * /operations (SPEC §2): customer sites with their services; search, sortable columns, filter
 * popovers, paging, Download Operations. A row opens its site.
 */
export default function OperationsPage() {
  return (
    <ResourceListPage<OperationRow>
      entity={operations}
      title="Operations"
      searchPlaceholder="Search Operations"
      columns={operationsTableColumns}
      rowLink={(row) => `/sites/${row.id}`}
      actions={
        <>
          <ListTotal singular="site" plural="sites" />
          <DownloadOperationsButton />
        </>
      }
    />
  );
}
