import { useMemo } from 'react';
import { Box, Button, Stack, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { useGetManyReference, type Identifier } from 'react-admin';
import { workAreaItems } from '../../../schema';
import { RecordDataTable } from '../../../admin/lists/RecordDataTable';
import { ALL_ROWS } from '../../../admin/lists/pageLinks';
import { useDialogState } from '../../../admin/forms/useDialogState';
import { workAreaItemColumns } from '../workAreas/workAreaColumns';
import { WorkAreaItemEditor } from './WorkAreaItemEditor';
import { PlanChangeAlerts } from './plan/PlanChangeAlerts';
import type { WorkAreaItemRecord, WorkAreaRecord } from '../workAreas/workAreaRecords';

/**
 * The items of the selected work area (SPEC §2): a row opens it in the Work Area Item Editor,
 * New Item opens an empty one. Mounted per area, so another area starts with no item open.
 */
export function WorkAreaItemsPanel({ area, siteId }: { area: WorkAreaRecord; siteId?: Identifier | null }) {
  const editor = useDialogState<WorkAreaItemRecord | 'new'>();
  const { data, isPending } = useGetManyReference<WorkAreaItemRecord>(workAreaItems.name, {
    target: workAreaItems.parent!.field,
    id: area.id,
    pagination: { ...ALL_ROWS },
    sort: { field: 'id', order: 'ASC' },
  });
  const columns = useMemo(() => workAreaItemColumns(area.tax), [area.tax]);

  return (
    <Box component="section" aria-label={`Items of ${area.name}`} sx={{ mt: 3 }}>
      <Stack direction="row" alignItems="center" justifyContent="space-between" sx={{ mb: 1 }}>
        <Typography variant="h6" component="h3">
          Items: {area.name}
        </Typography>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => editor.open('new')}>
          New Item
        </Button>
      </Stack>
      <PlanChangeAlerts siteId={siteId} items={data} />
      <RecordDataTable
        columns={columns}
        rows={data}
        isPending={isPending}
        onRowClick={(item) => editor.open(item)}
        emptyText="No items in this work area."
        aria-label="Work Area Items"
      />
      {editor.value && (
        <WorkAreaItemEditor area={area} siteId={siteId} item={editor.value === 'new' ? null : editor.value} onClose={editor.close} />
      )}
    </Box>
  );
}
