import { useState } from 'react';
import type { RaRecord } from 'react-admin';
import { useDeleteRecord } from '../detail/useDeleteRecord';
import { ConfirmDialog } from './ConfirmDialog';

/**
 * Delete in a modal editor, asked first ('Are you sure you would like to delete…?'): what
 * RecordDialog takes to offer it (`<RecordDialog {...deletion}>`). Nothing is offered for a
 * record not saved yet.
 */
export function useDeleteInDialog(resource: string, record: RaRecord | null, question: string, onDeleted: () => void) {
  const [asking, setAsking] = useState(false);
  const { deleteRecord, isPending } = useDeleteRecord(resource, record, { onSettled: () => setAsking(false), onDeleted });
  return {
    onDelete: record ? () => setAsking(true) : undefined,
    deleteDisabled: isPending,
    outsideForm: (
      <ConfirmDialog open={asking} message={question} isPending={isPending} onConfirm={deleteRecord} onClose={() => setAsking(false)} />
    ),
  };
}
