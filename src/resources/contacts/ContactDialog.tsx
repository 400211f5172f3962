import { useMemo } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import {
  Form,
  SaveButton,
  useCreate,
  useDelete,
  useUpdate,
  type HttpError,
  type Identifier,
  type RaRecord,
} from 'react-admin';
import { contacts, formValidator } from '../../schema';
import { showSuccess } from '../../custom/alerts/alertStore';
import { InvalidFormWarning } from '../../custom/forms/InvalidFormWarning';
import { ContactInputs } from './ContactInputs';

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
  const [create] = useCreate();
  const [update] = useUpdate();
  const [deleteOne, { isPending: deleting }] = useDelete();
  const editing = contact !== null;
  // A stable record: the form resets whenever it gets a new one.
  const record = useMemo(() => contact ?? { customerID: customerId }, [contact, customerId]);

  const save = async (values: Record<string, unknown>) => {
    try {
      if (editing) {
        await update(
          contacts.name,
          { id: contact.id, data: values, previousData: contact },
          { mutationMode: 'pessimistic', returnPromise: true },
        );
      } else {
        await create(contacts.name, { data: values }, { returnPromise: true });
      }
    } catch (error) {
      // Field messages from the server go to their inputs; the alert came from the data provider.
      return (error as HttpError)?.body?.errors ?? {};
    }
    showSuccess('Contact Saved');
    onClose();
  };

  const remove = () => {
    if (!contact) return;
    deleteOne(
      contacts.name,
      { id: contact.id, previousData: contact },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          showSuccess('Contact Deleted');
          onClose();
        },
      },
    );
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="contact-dialog-title">
      <Form
        record={record}
        validate={validateContact}
        onSubmit={save}
        disableInvalidFormNotification
      >
        <InvalidFormWarning />
        <DialogTitle id="contact-dialog-title">{editing ? 'Edit Contact' : 'New Contact'}</DialogTitle>
        <DialogContent>
          <ContactInputs />
        </DialogContent>
        <DialogActions>
          {editing && (
            <Button color="error" onClick={remove} disabled={deleting} sx={{ mr: 'auto' }}>
              Delete
            </Button>
          )}
          <Button onClick={onClose}>Close</Button>
          <SaveButton alwaysEnable />
        </DialogActions>
      </Form>
    </Dialog>
  );
}
