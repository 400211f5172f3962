import { useCreate, useUpdate, type HttpError, type RaRecord } from 'react-admin';
import { showSuccess } from '../alerts/alertStore';

type Values = Record<string, unknown>;

/**
 * The submit of a modal that creates a record (`record` null) or updates it (pessimistic,
 * with its version): on success says `savedMessage` and calls `onSaved` with the stored record
 * (a created one with its new id); on a refusal answers
 * the server's field messages for the form to show (the alert comes from the data provider).
 */
export function useSaveRecord(resource: string, record: RaRecord | null, savedMessage: string, onSaved: (saved: RaRecord) => void) {
  const [create] = useCreate();
  const [update] = useUpdate();

  return async (values: Values): Promise<Values | undefined> => {
    let saved: RaRecord;
    try {
      if (record) {
        saved = await update(resource, { id: record.id, data: values, previousData: record }, { mutationMode: 'pessimistic', returnPromise: true });
      } else {
        saved = await create(resource, { data: values }, { returnPromise: true });
      }
    } catch (error) {
      return (error as HttpError)?.body?.errors ?? {};
    }
    showSuccess(savedMessage);
    onSaved(saved);
    return undefined;
  };
}
