import { Box, Button, Card, Stack } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { ListBase, type RaRecord } from 'react-admin';
import { services } from '../../schema';
import { RecordDataTable } from '../../admin/lists/RecordDataTable';
import { ALL_ROWS } from '../../admin/lists/pageLinks';
import { useDialogState } from '../../admin/forms/useDialogState';
import { ServiceDialog } from './ServiceDialog';
import { serviceColumns } from './serviceColumns';
import { PageHeading } from '../../admin/layout/PageHeading';
import { BulkActionsBar } from '../../admin/lists/BulkActionsBar';
import { BulkDeleteButton } from '../../admin/lists/BulkDeleteButton';
import { ExportButton } from '../../admin/lists/ExportButton';
import { selectionLabelOf } from '../../admin/lists/selectionLabel';

/**
 * /services: every service in a sortable table (SPEC §2). Beyond SPEC, so an office can keep
 * its own list: 'New Service', and a row opens the service in an editor with Delete.
 */
export function ServiceList() {
  const editor = useDialogState<RaRecord | 'new'>();
  return (
    <ListBase
      resource={services.name}
      sort={{ field: services.defaultSort.key, order: services.defaultSort.direction }}
      perPage={ALL_ROWS.perPage}
    >
      <Box sx={{ p: { xs: 1, sm: 2 } }}>
        <Stack direction="row" alignItems="center" justifyContent="space-between" spacing={2} sx={{ mb: 2 }}>
          <PageHeading>Services</PageHeading>
          <Stack direction="row" spacing={1}>
            <ExportButton list={services} />
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => editor.open('new')}>
              New Service
            </Button>
          </Stack>
        </Stack>
        <Card>
          <BulkActionsBar>
            <BulkDeleteButton list={services} />
          </BulkActionsBar>
          <RecordDataTable<RaRecord>
            columns={serviceColumns}
            onRowClick={(service) => editor.open(service)}
            emptyText="No Services"
            selectionLabel={selectionLabelOf(services)}
          />
        </Card>
        <ServiceDialog service={editor.value === 'new' ? null : editor.value} open={editor.isOpen} onClose={editor.close} />
      </Box>
    </ListBase>
  );
}
