import { useMemo } from 'react';
import { type Identifier, type RaRecord, useNotify } from 'react-admin';
import { RecordDialog } from '../../admin/forms/RecordDialog';
import { contacts, formValidator } from '../../schema';
import { useSaveRecord } from '../../admin/forms/useSaveRecord';
import { useDeleteRecord } from '../../admin/detail/useDeleteRecord';
import { ContactInputs } from './ContactInputs';
import { CustomFieldInputs } from '../../admin/customFields/CustomFieldsCard';

const validateContact = formValidator(contacts);

interface ContactDialogProps {
  customerId: Identifier;
  /** The row being edited; null for a new contact. */
  contact: RaRecord | null;
  onClose: () => void;
}

/**
 * Contact modal (SPEC §4): new mode creates, edit mode updates and also offers Delete.
 * Mounted only while open, so closing never shows the other mode during the fade-out.
 */
export function ContactDialog({ customerId, contact, onClose }: ContactDialogProps) {
  const notify = useNotify();
  const save = useSaveRecord(contacts.name, contact, 'Contact Saved', onClose);
  const { deleteRecord, isPending: deleting } = useDeleteRecord(contacts.name, contact, {
    onDeleted: () => {
      notify('Contact Deleted', { type: 'success' });
      onClose();
    },
  });
  const editing = contact !== null;
  // A stable record: the form resets whenever it gets a new one.
  const record = useMemo(() => contact ?? { customerID: customerId }, [contact, customerId]);

  return (
    <RecordDialog
      titleId="contact-dialog-title"
      title={editing ? 'Edit Contact' : 'New Contact'}
      onClose={onClose}
      record={record}
      validate={validateContact}
      onSubmit={save}
      onDelete={editing ? deleteRecord : undefined}
      deleteDisabled={deleting}
    >
      <ContactInputs />
      <CustomFieldInputs entity="contacts" />
    </RecordDialog>
  );
}
