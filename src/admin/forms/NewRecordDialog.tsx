import { useEffect, useState, type ReactNode } from 'react';
import { useCustomFieldsValidator } from '../customFields/useCustomFieldsValidator';
import { CreateBase, useNavigate, type RaRecord, type ValidateForm, useNotify } from 'react-admin';
import { formValidator, type Entity } from '../../schema';
import { resolveScreens } from '../../schema/screens';
import { RecordDialog } from './RecordDialog';

interface NewRecordDialogProps {
  /** The new record's entity: its declaration gives the title, the alert after saving and the form's checks. */
  entity: Entity;
  open: boolean;
  onClose: () => void;
  /** The form's checks, when other than the declaration's. */
  validate?: ValidateForm;
  defaultValues?: Record<string, unknown>;
  /** The body sent, from the form's values (e.g. only the fields the API takes); the values unless given. */
  transform?: (values: Record<string, unknown>) => Record<string, unknown>;
  /** Where the new record opens; /<route>/<id> unless given. */
  recordPath?: (record: RaRecord) => string;
  /** The inputs. */
  children: ReactNode;
}

/**
 * A "New …" modal: creates the record, then closes, says so and opens the new record's detail.
 * Closing it or leaving the screen over unsaved input asks first (RecordDialog).
 */
export function NewRecordDialog({
  entity,
  open,
  onClose,
  validate = formValidator(entity),
  defaultValues,
  transform,
  recordPath = (record) => `/${entity.route}/${record.id}`,
  children,
}: NewRecordDialogProps) {
  const { newTitle, savedMessage } = resolveScreens(entity);
  const navigate = useNavigate();
  const validateWithCustomFields = useCustomFieldsValidator(entity, validate);
  const notify = useNotify();
  // Set once the record exists: the form stops guarding its input, then the new record opens.
  const [created, setCreated] = useState<RaRecord | null>(null);

  const onSuccess = (record: RaRecord) => {
    notify(savedMessage, { type: 'success' });
    setCreated(record);
  };

  // After the commit that removed the unsaved-changes guard (its cleanup runs before this
  // effect), so the move is not held up by input that has just been saved.
  useEffect(() => {
    if (!created) return;
    setCreated(null);
    onClose();
    navigate(recordPath(created));
  }, [created, onClose, navigate, recordPath]);

  return (
    <CreateBase resource={entity.name} redirect={false} transform={transform} mutationOptions={{ onSuccess }}>
      <RecordDialog
        titleId={`new-${entity.name}-title`}
        title={newTitle}
        open={open}
        onClose={onClose}
        validate={validateWithCustomFields}
        defaultValues={defaultValues}
        guarded={!created}
      >
        {children}
      </RecordDialog>
    </CreateBase>
  );
}
