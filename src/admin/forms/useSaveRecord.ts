import { useCreate, useDataProvider, useUpdate, type HttpError, type RaRecord, useNotify } from 'react-admin';
import { entityByName, staleReloadedMessage } from '../../schema';
import { useReportFailure } from '../alerts/useReportFailure';
import { useAction } from '../alerts/useAction';

type Values = Record<string, unknown>;

export interface SaveRecordOptions {
  /**
   * An update refused because someone else saved the record first (409): the stored record is
   * loaded and handed over, so that the form can take it under the edits (Save again then
   * applies them over the latest version), and the alert says so.
   */
  onConflict?: (latest: RaRecord) => void;
  /** The body sent for the form's values (e.g. an item with its price rules as one set); the values as they are unless given. */
  transform?: (values: Values) => Values;
}

/**
 * The submit of a modal that creates a record (`record` null) or updates it (pessimistic,
 * with its version): on success says `savedMessage` and calls `onSaved` with the stored record
 * (a created one with its new id); on a refusal answers
 * the server's field messages for the form to show (the alert comes from the data provider).
 */
export function useSaveRecord(
  resource: string,
  record: RaRecord | null,
  savedMessage: string,
  onSaved: (saved: RaRecord) => void,
  { onConflict, transform = (values) => values }: SaveRecordOptions = {},
) {
  const [create] = useCreate();
  const [update] = useUpdate();
  const dataProvider = useDataProvider();
  const reportFailure = useReportFailure();
  const notify = useNotify();

  const { run: loadLatest } = useAction(async (stale: RaRecord) => {
    const { data } = await dataProvider.getOne(resource, { id: stale.id });
    onConflict?.(data);
    notify(staleReloadedMessage(entityByName(resource)), { type: 'warning' });
  });

  return async (values: Values): Promise<Values | undefined> => {
    const data = transform(values);
    let saved: RaRecord;
    try {
      if (record) {
        saved = await update(resource, { id: record.id, data, previousData: record }, { mutationMode: 'pessimistic', returnPromise: true });
      } else {
        saved = await create(resource, { data }, { returnPromise: true });
      }
    } catch (error) {
      reportFailure(error);
      if (record && onConflict && (error as HttpError)?.status === 409) await loadLatest(record);
      return (error as HttpError)?.body?.errors ?? {};
    }
    notify(savedMessage, { type: 'success' });
    onSaved(saved);
    return undefined;
  };
}
