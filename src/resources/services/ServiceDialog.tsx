import { Form, type RaRecord } from 'react-admin';
import { GuardedDialog } from '../../admin/forms/GuardedDialog';
import { formValidator, services } from '../../schema';
import { resolveScreens } from '../../schema/screens';
import { EntityInputs } from '../../admin/generic/EntityInputs';
import { ConfirmDialog } from '../../admin/forms/ConfirmDialog';
import { DialogFormBody } from '../../admin/forms/DialogFormBody';
import { useSaveRecord } from '../../admin/forms/useSaveRecord';
import { useDeleteService } from './useDeleteService';

const validateService = formValidator(services);
const screens = resolveScreens(services);

interface ServiceDialogProps {
  /** The row being edited; null for a new service. */
  service: RaRecord | null;
  open: boolean;
  onClose: () => void;
}

/** New Service, or the editor of one with Delete (beyond SPEC: the office keeps its own list). */
export function ServiceDialog({ service, open, onClose }: ServiceDialogProps) {
  const save = useSaveRecord(services.name, service, screens.savedMessage, onClose);
  const remove = useDeleteService(service, onClose);
  const editing = service !== null;

  return (
    <GuardedDialog open={open} onClose={onClose} fullWidth maxWidth="md" aria-labelledby="service-dialog-title">
      <Form record={service ?? { isRecurring: false }} validate={validateService} onSubmit={save} disableInvalidFormNotification>
        <DialogFormBody
          titleId="service-dialog-title"
          title={editing ? 'Edit Service' : screens.newTitle}
          onClose={onClose}
          onDelete={editing ? remove.ask : undefined}
          deleteDisabled={remove.isPending}
        >
          <EntityInputs entity={services} fields={screens.editFields} />
        </DialogFormBody>
      </Form>
      <ConfirmDialog
        open={remove.question !== null}
        message={remove.question ?? ''}
        isPending={remove.isPending}
        onConfirm={remove.confirm}
        onClose={remove.cancel}
      />
    </GuardedDialog>
  );
}
