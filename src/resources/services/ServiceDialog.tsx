import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { Form, SaveButton, useCreate, useUpdate, type HttpError, type RaRecord } from 'react-admin';
import { formValidator, services } from '../../schema';
import { showSuccess } from '../../custom/alerts/alertStore';
import { ConfirmDialog } from '../../custom/forms/ConfirmDialog';
import { InvalidFormWarning } from '../../custom/forms/InvalidFormWarning';
import { ServiceInputs } from './ServiceInputs';
import { useDeleteService } from './useDeleteService';

const validateService = formValidator(services);

interface ServiceDialogProps {
  /** The row being edited; null for a new service. */
  service: RaRecord | null;
  open: boolean;
  onClose: () => void;
}

/** New Service, or the editor of one with Delete (beyond SPEC: the office keeps its own list). */
export function ServiceDialog({ service, open, onClose }: ServiceDialogProps) {
  const [create] = useCreate();
  const [update] = useUpdate();
  const remove = useDeleteService(service, onClose);
  const editing = service !== null;

  const save = async (values: Record<string, unknown>) => {
    try {
      if (editing) {
        await update(services.name, { id: service.id, data: values, previousData: service }, { mutationMode: 'pessimistic', returnPromise: true });
      } else {
        await create(services.name, { data: values }, { returnPromise: true });
      }
    } catch (error) {
      // Field messages from the server go to their inputs; the alert came from the data provider.
      return (error as HttpError)?.body?.errors ?? {};
    }
    showSuccess('Service Saved');
    onClose();
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="md" aria-labelledby="service-dialog-title">
      <Form record={service ?? { isRecurring: false }} validate={validateService} onSubmit={save} disableInvalidFormNotification>
        <InvalidFormWarning />
        <DialogTitle id="service-dialog-title">{editing ? 'Edit Service' : 'New Service'}</DialogTitle>
        <DialogContent>
          <ServiceInputs />
        </DialogContent>
        <DialogActions>
          {editing && (
            <Button color="error" onClick={remove.ask} disabled={remove.isPending} sx={{ mr: 'auto' }}>
              Delete
            </Button>
          )}
          <Button onClick={onClose}>Close</Button>
          <SaveButton alwaysEnable />
        </DialogActions>
      </Form>
      <ConfirmDialog
        open={remove.question !== null}
        message={remove.question ?? ''}
        isPending={remove.isPending}
        onConfirm={remove.confirm}
        onClose={remove.cancel}
      />
    </Dialog>
  );
}
