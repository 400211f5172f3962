import type { Identifier, RaRecord } from 'react-admin';
import { contacts } from '../../schema';
import { RelatedRecordsTable } from '../../admin/lists/RelatedRecordsTable';
import { useDialogState } from '../../admin/forms/useDialogState';
import { contactColumns } from './contactColumns';
import { ContactDialog } from './ContactDialog';

/** Every contact of the customer; a row opens it for editing, New opens an empty one. */
export function CustomerContactsTab({ customerId }: { customerId: Identifier }) {
  const dialog = useDialogState<RaRecord | 'new'>();
  return (
    <RelatedRecordsTable
      entity={contacts}
      target={contacts.parent!.field}
      id={customerId}
      columns={contactColumns}
      onRowClick={(contact) => dialog.open(contact)}
      label="Contacts"
      onNew={() => dialog.open('new')}
    >
      {dialog.value && (
        <ContactDialog customerId={customerId} contact={dialog.value === 'new' ? null : dialog.value} onClose={dialog.close} />
      )}
    </RelatedRecordsTable>
  );
}
