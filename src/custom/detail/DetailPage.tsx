import type { ReactNode } from 'react';
import { Box } from '@mui/material';
import { EditBase, Form, useEditContext, type RaRecord, type ValidateForm } from 'react-admin';
import type { Entity } from '../../schema';
import { showSuccess } from '../alerts/alertStore';
import { ConfirmDialog } from '../forms/ConfirmDialog';
import { InvalidFormWarning } from '../forms/InvalidFormWarning';
import { useDialogState } from '../forms/useDialogState';
import { DetailHeader } from './DetailHeader';
import { useDeleteRecord } from './useDeleteRecord';
import { useLeaveAfterDelete, type AfterDelete } from './useLeaveAfterDelete';

interface DetailPageProps {
  entity: Pick<Entity, 'name'>;
  /** The success alert after a save, e.g. 'Customer Saved'. */
  savedMessage: string;
  validate: ValidateForm;
  /** The question before deleting, e.g. 'Are you sure you would like to delete this customer?'. */
  deleteQuestion: string;
  afterDelete: AfterDelete;
  /** What shows while the record loads; nothing unless given. */
  loading?: ReactNode;
  /** What a save refused by validation raises; the warning 'Form is invalid.' unless given. */
  invalidFormAlert?: ReactNode;
  /** Under the title, e.g. a link to the parent record. */
  subtitle?: (record: RaRecord) => ReactNode;
  /** The record's cards, inside the form. */
  children: (record: RaRecord) => ReactNode;
  /** Below the form, outside it, e.g. tabs of related records. */
  footer?: (record: RaRecord) => ReactNode;
}

/**
 * A record's detail screen (/resource/:id): saved in place (pessimistic, so a refused save,
 * e.g. 409, keeps the edits on screen) with a success alert; Delete asks first, then leaves.
 */
export function DetailPage({ entity, savedMessage, ...content }: DetailPageProps) {
  return (
    <EditBase
      resource={entity.name}
      mutationMode="pessimistic"
      redirect={false}
      mutationOptions={{ onSuccess: () => showSuccess(savedMessage) }}
    >
      <DetailContent entity={entity} {...content} />
    </EditBase>
  );
}

function DetailContent({
  entity,
  validate,
  deleteQuestion,
  afterDelete,
  loading = null,
  invalidFormAlert = <InvalidFormWarning />,
  subtitle,
  children,
  footer,
}: Omit<DetailPageProps, 'savedMessage'>) {
  const { record } = useEditContext();
  const confirm = useDialogState();
  const leave = useLeaveAfterDelete(afterDelete);
  const { deleteRecord, isPending: deleting } = useDeleteRecord(entity.name, record, {
    onSettled: confirm.close,
    onDeleted: leave,
  });
  if (!record) return loading;

  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Form validate={validate} disableInvalidFormNotification>
        {invalidFormAlert}
        <DetailHeader title={record.name} subtitle={subtitle?.(record)} onDelete={() => confirm.open(true)} />
        {children(record)}
      </Form>
      {footer?.(record)}
      <ConfirmDialog
        open={confirm.isOpen}
        message={deleteQuestion}
        isPending={deleting}
        onConfirm={deleteRecord}
        onClose={confirm.close}
      />
    </Box>
  );
}
