import type { ReactNode } from 'react';
import { Dialog } from '@mui/material';
import { CreateBase, Form, useNavigate, type RaRecord, type ValidateForm } from 'react-admin';
import type { Entity } from '../../schema';
import { showSuccess } from '../alerts/alertStore';
import { DialogFormBody } from './DialogFormBody';

interface NewRecordDialogProps {
  entity: Pick<Entity, 'name' | 'route'>;
  open: boolean;
  onClose: () => void;
  /** The title's element id, which names the dialog. */
  titleId: string;
  title: string;
  /** The success alert after saving, e.g. 'Customer Saved'. */
  savedMessage: string;
  validate: ValidateForm;
  defaultValues?: Record<string, unknown>;
  /** The body sent, from the form's values (e.g. only the fields the API takes); the values unless given. */
  transform?: (values: Record<string, unknown>) => Record<string, unknown>;
  /** Where the new record opens; /<route>/<id> unless given. */
  recordPath?: (record: RaRecord) => string;
  /** Asks before leaving the screen while the modal holds unsaved input (react-admin's prompt). */
  warnWhenUnsavedChanges?: boolean;
  /** The inputs. */
  children: ReactNode;
}

/** A "New …" modal: creates the record, then closes, says so and opens the new record's detail. */
export function NewRecordDialog({
  entity,
  open,
  onClose,
  titleId,
  title,
  savedMessage,
  validate,
  defaultValues,
  transform,
  recordPath = (record) => `/${entity.route}/${record.id}`,
  warnWhenUnsavedChanges = false,
  children,
}: NewRecordDialogProps) {
  const navigate = useNavigate();

  const onSuccess = (created: RaRecord) => {
    showSuccess(savedMessage);
    onClose();
    navigate(recordPath(created));
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <CreateBase resource={entity.name} redirect={false} transform={transform} mutationOptions={{ onSuccess }}>
        <Form
          validate={validate}
          defaultValues={defaultValues}
          disableInvalidFormNotification
          warnWhenUnsavedChanges={warnWhenUnsavedChanges}
        >
          <DialogFormBody titleId={titleId} title={title} onClose={onClose}>
            {children}
          </DialogFormBody>
        </Form>
      </CreateBase>
    </Dialog>
  );
}
