import type { ReactNode } from 'react';
import { Box, Card, Stack } from '@mui/material';
import { PageHeading } from '../layout/PageHeading';
import { ListBase, useListContext, type RaRecord } from 'react-admin';
import type { Entity } from '../../schema';
import { entityColumns, type ListColumn } from './columns';
import { BulkActionsBar } from './BulkActionsBar';
import { ExportButton, type ExportButtonProps } from './ExportButton';
import { RecordDataTable } from './RecordDataTable';
import { ListPaginator } from './ListPaginator';
import { ListSearch } from './ListSearch';
import { DEFAULT_PAGE_SIZE } from './pageLinks';
import { PerPageSelect } from './PerPageSelect';
import { CustomFieldFilters, useCustomColumns } from '../customFields/useCustomColumns';

export interface ResourceListPageProps<R extends RaRecord> {
  /** An entity, or a read-only list view with its own columns (then `resolved` is not needed). */
  entity: Pick<Entity, 'name' | 'plural' | 'defaultSort'> & Partial<Pick<Entity, 'resolved' | 'customFields'>>;
  title: string;
  searchPlaceholder?: string;
  /** Defaults to the entity's declared list columns. */
  columns?: ListColumn<R>[];
  /** Buttons beside the title, e.g. 'New Customer'. */
  actions?: ReactNode;
  /** Filters the page itself fixes (kept when searching), e.g. hiding archived estimates. */
  filter?: Record<string, unknown>;
  rowLink?: (record: R) => string;
  onRowClick?: (record: R) => void;
  /** Rows can be ticked, each checkbox named by this; `bulkActions` act on the ticked ones. */
  selectionLabel?: (record: R) => string;
  bulkActions?: ReactNode;
  /** The list's declaration when it has an Export button (every row its search, filters and sort select). */
  exportList?: ExportButtonProps['list'];
  /** Modals of the screen; they live inside the list context. */
  children?: ReactNode;
}

/**
 * A list screen with the shared behaviour of SPEC §4 and §9: search, sortable columns
 * (default sort from the entity), 20/50/100 rows per page and the paginator.
 */
/**
 * The page-size choice and the paginator come with the first rows, under them: shown before,
 * they would be pushed down as the rows arrive (layout shift).
 */
function ListFooter({ children }: { children: ReactNode }) {
  const { isPending } = useListContext();
  return isPending ? null : <>{children}</>;
}

export function ResourceListPage<R extends RaRecord>({
  entity,
  title,
  searchPlaceholder,
  columns,
  actions,
  filter,
  rowLink,
  onRowClick,
  selectionLabel,
  bulkActions,
  exportList,
  children,
}: ResourceListPageProps<R>) {
  const customColumns = useCustomColumns<R>(entity);
  return (
    <ListBase
      resource={entity.name}
      sort={{ field: entity.defaultSort.key, order: entity.defaultSort.direction }}
      perPage={DEFAULT_PAGE_SIZE}
      filter={filter}
    >
      <Box sx={{ p: { xs: 1, sm: 2 } }}>
        <Stack direction="row" alignItems="center" justifyContent="space-between" spacing={2} sx={{ mb: 2 }}>
          <PageHeading>{title}</PageHeading>
          <Stack direction="row" spacing={1}>
            {exportList && <ExportButton list={exportList} filter={filter} />}
            {actions}
          </Stack>
        </Stack>
        <Card>
          <Box sx={{ p: 2 }}>
            <ListSearch placeholder={searchPlaceholder} />
            <CustomFieldFilters entity={entity} />
          </Box>
          {bulkActions && <BulkActionsBar>{bulkActions}</BulkActionsBar>}
          <RecordDataTable<R>
            columns={[...(columns ?? entityColumns<R>({ resolved: entity.resolved ?? [] })), ...customColumns]}
            rowLink={rowLink}
            onRowClick={onRowClick}
            emptyText={`No ${entity.plural} found.`}
            selectionLabel={selectionLabel}
          />
          <ListFooter>
            <Stack direction={{ xs: 'column', sm: 'row' }} alignItems="center" justifyContent="space-between" spacing={2} sx={{ p: 2 }}>
              <PerPageSelect />
              <ListPaginator />
            </Stack>
          </ListFooter>
        </Card>
        {children}
      </Box>
    </ListBase>
  );
}
