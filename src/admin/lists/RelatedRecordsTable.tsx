import type { ReactNode } from 'react';
import { Box, Button, Stack } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { ReferenceManyField, type Identifier, type RaRecord } from 'react-admin';
import type { Entity } from '../../schema';
import type { ListColumn } from './columns';
import { RecordDataTable } from './RecordDataTable';
import { ALL_ROWS } from './pageLinks';

interface RelatedRecordsTableProps<R extends RaRecord> {
  /** The related records' entity, e.g. contacts of a customer. */
  entity: Pick<Entity, 'name' | 'plural' | 'defaultSort'>;
  /** The field of theirs that names the record on screen, e.g. `customerID`. */
  target: string;
  id: Identifier;
  columns: ListColumn<R>[];
  rowLink?: (record: R) => string;
  onRowClick?: (record: R) => void;
  label: string;
  /** New, above the table: opens the tab's modal for a new record. */
  onNew: () => void;
  /** New waits, e.g. for the record the new one is pre-filled from. */
  newDisabled?: boolean;
  /** The tab's modals. */
  children?: ReactNode;
}

/**
 * The records of another entity that belong to this one — a customer's contacts, sites or
 * estimates — all of them (no pages: a customer has tens, not thousands), in their entity's
 * default order, through react-admin's ReferenceManyField.
 */
export function RelatedRecordsTable<R extends RaRecord>({
  entity,
  target,
  id,
  columns,
  rowLink,
  onRowClick,
  label,
  onNew,
  newDisabled,
  children,
}: RelatedRecordsTableProps<R>) {
  return (
    <Box sx={{ p: 2 }}>
      <Stack direction="row" justifyContent="flex-end" sx={{ mb: 1 }}>
        <Button variant="contained" startIcon={<AddIcon />} onClick={onNew} disabled={newDisabled}>
          New
        </Button>
      </Stack>
      <ReferenceManyField
        reference={entity.name}
        target={target}
        record={{ id }}
        perPage={ALL_ROWS.perPage}
        sort={{ field: entity.defaultSort.key, order: entity.defaultSort.direction }}
      >
        <RecordDataTable<R>
          columns={columns}
          rowLink={rowLink}
          onRowClick={onRowClick}
          emptyText={`No ${entity.plural} found.`}
          aria-label={label}
          sortable={false}
        />
      </ReferenceManyField>
      {children}
    </Box>
  );
}
