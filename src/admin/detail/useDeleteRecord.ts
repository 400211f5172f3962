import { useDelete, type RaRecord } from 'react-admin';

interface DeleteRecordCallbacks {
  /** Runs once the server has answered, whatever the answer (e.g. closes the confirmation). */
  onSettled?: () => void;
  /** Runs after `onSettled` when the record is gone (e.g. leaves the screen, says so). */
  onDeleted?: () => void;
}

/**
 * Deletes `record` of `resource` once the server agrees (pessimistic). A refusal (e.g. 409:
 * estimates attached) changes nothing; the server's message reaches the user through the
 * data provider's error handling.
 */
export function useDeleteRecord(resource: string, record: RaRecord | null | undefined, { onSettled, onDeleted }: DeleteRecordCallbacks) {
  const [deleteOne, { isPending }] = useDelete();

  const deleteRecord = () => {
    if (!record) return;
    deleteOne(
      resource,
      { id: record.id, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          onSettled?.();
          onDeleted?.();
        },
        onError: () => onSettled?.(),
      },
    );
  };

  return { deleteRecord, isPending };
}
