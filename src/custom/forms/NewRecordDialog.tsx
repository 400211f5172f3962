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
  children,
}: NewRecordDialogProps) {
  const navigate = useNavigate();

  const onSuccess = (created: RaRecord) => {
    showSuccess(savedMessage);
    onClose();
    navigate(`/${entity.route}/${created.id}`);
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <CreateBase resource={entity.name} redirect={false} mutationOptions={{ onSuccess }}>
        <Form validate={validate} defaultValues={defaultValues} disableInvalidFormNotification>
          <DialogFormBody titleId={titleId} title={title} onClose={onClose}>
            {children}
          </DialogFormBody>
        </Form>
      </CreateBase>
    </Dialog>
  );
}
