import type { RaRecord } from 'react-admin';
import { RecordDialog } from '../../admin/forms/RecordDialog';
import { formValidator, services } from '../../schema';
import { resolveScreens } from '../../schema/screens';
import { EntityInputs } from '../../admin/generic/EntityInputs';
import { ConfirmDialog } from '../../admin/forms/ConfirmDialog';
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
    <RecordDialog
      titleId="service-dialog-title"
      title={editing ? 'Edit Service' : screens.newTitle}
      open={open}
      onClose={onClose}
      maxWidth="md"
      record={service ?? { isRecurring: false }}
      validate={validateService}
      onSubmit={save}
      onDelete={editing ? remove.ask : undefined}
      deleteDisabled={remove.isPending}
      outsideForm={
        <ConfirmDialog
          open={remove.question !== null}
          message={remove.question ?? ''}
          isPending={remove.isPending}
          onConfirm={remove.confirm}
          onClose={remove.cancel}
        />
      }
    >
      <EntityInputs entity={services} fields={screens.editFields} />
    </RecordDialog>
  );
}
