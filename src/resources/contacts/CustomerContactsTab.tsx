import { Box, Button, Stack } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { useGetManyReference, type Identifier, type RaRecord } from 'react-admin';
import { contacts } from '../../schema';
import { ListTable } from '../../admin/lists/ListTable';
import { ALL_ROWS } from '../../admin/lists/pageLinks';
import { useDialogState } from '../../admin/forms/useDialogState';
import { contactColumns } from './contactColumns';
import { ContactDialog } from './ContactDialog';

/** Every contact of the customer; a row opens it for editing, New opens an empty one. */
export function CustomerContactsTab({ customerId }: { customerId: Identifier }) {
  const dialog = useDialogState<RaRecord | 'new'>();
  const { data, isPending } = useGetManyReference(contacts.name, {
    target: contacts.parent!.field,
    id: customerId,
    pagination: { ...ALL_ROWS },
    sort: { field: contacts.defaultSort.key, order: contacts.defaultSort.direction },
  });

  return (
    <Box sx={{ p: 2 }}>
      <Stack direction="row" justifyContent="flex-end" sx={{ mb: 1 }}>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => dialog.open('new')}>
          New
        </Button>
      </Stack>
      <ListTable
        columns={contactColumns}
        rows={data}
        isPending={isPending}
        onRowClick={(contact) => dialog.open(contact)}
        emptyText="No contacts found."
        aria-label="Contacts"
      />
      {dialog.value && (
        <ContactDialog customerId={customerId} contact={dialog.value === 'new' ? null : dialog.value} onClose={dialog.close} />
      )}
    </Box>
  );
}
