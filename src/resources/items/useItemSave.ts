import { useDataProvider, useNotify, useRefresh, type HttpError, type RaRecord } from 'react-admin';
import { items } from '../../schema';
import { resolveScreens } from '../../schema/screens';
import { itemAndRulesOf } from './itemForm';

type Values = Record<string, unknown>;

/**
 * Saves the Item Editor in one request: the item (create, or update with its version) carrying
 * its rules as one set, which the server writes in one transaction — both or neither, so a
 * refused rule or a stale version leaves nothing half saved. Answers the field errors to show,
 * or nothing when all went well.
 */
export function useItemSave(item: RaRecord | null, onSaved: () => void) {
  const dataProvider = useDataProvider();
  const refresh = useRefresh();
  const notify = useNotify();

  const save = async (values: Values): Promise<Values | undefined> => {
    const data = itemAndRulesOf(values);
    try {
      if (item) await dataProvider.update(items.name, { id: item.id, data, previousData: item });
      else await dataProvider.create(items.name, { data });
    } catch (error) {
      // The failure's alert comes from the notification path; field messages go to their inputs.
      return (error as HttpError)?.body?.errors ?? {};
    }
    refresh();
    notify(resolveScreens(items).savedMessage, { type: 'success' });
    onSaved();
    return undefined;
  };

  return { save, isNew: item === null };
}
