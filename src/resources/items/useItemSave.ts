import { useState } from 'react';
import { useDataProvider, useRefresh, type HttpError, type RaRecord } from 'react-admin';
import { items, priceRules } from '../../schema';
import { resolveScreens } from '../../schema/screens';
import type { YardstickDataProvider } from '../../providers/dataProvider';
import { showSuccess } from '../../custom/alerts/alertStore';
import { itemValuesOf, ruleValuesOf } from './itemForm';

type Values = Record<string, unknown>;

/**
 * Saves the Item Editor: the item (create or update with its version), then its rules as one
 * set. A new item that was stored before its rules were refused is updated, not created
 * again, on the next try. Answers the field errors to show, or nothing when all went well.
 */
export function useItemSave(item: RaRecord | null, onSaved: () => void) {
  const dataProvider = useDataProvider<YardstickDataProvider>();
  const refresh = useRefresh();
  const [stored, setStored] = useState<RaRecord | null>(item);

  const save = async (values: Values): Promise<Values | undefined> => {
    try {
      let record: RaRecord;
      if (stored) {
        const { data } = await dataProvider.update(items.name, {
          id: stored.id,
          data: itemValuesOf(values),
          previousData: stored,
        });
        record = data;
      } else {
        const { data } = await dataProvider.create(items.name, { data: itemValuesOf(values) });
        record = (await dataProvider.getOne(items.name, { id: data.id })).data;
      }
      setStored(record);
      await dataProvider.request('PUT', `/${items.route}/${record.id}/${priceRules.route}`, {
        body: { [priceRules.listKey]: ruleValuesOf(values) },
      });
    } catch (error) {
      // The alert came from the HTTP client; field messages go to their inputs.
      return (error as HttpError)?.body?.errors ?? {};
    }
    refresh();
    showSuccess(resolveScreens(items).savedMessage);
    onSaved();
    return undefined;
  };

  return { save, isNew: stored === null };
}
