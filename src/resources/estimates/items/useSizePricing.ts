import { useCallback, useEffect, useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { parseSize, unitPriceFromSize } from '../../../domain/priceRules';
import { sizeRuleText } from './sizeRuleText';
import type { CatalogRule } from './useCatalog';
import type { CatalogItemRecord } from '../workAreas/workAreaRecords';

export const NO_RULE_FOR_SIZE = 'No size rule of this item covers this size: the unit price is left as it is.';

interface Catalog {
  items: CatalogItemRecord[];
  rulesOf: (itemID: unknown) => CatalogRule[];
  isPending: boolean;
}

/**
 * The unit price from a size (SPEC §9 "Auto unit price from size"): with the picked
 * catalogue item's rules and its catalogue price, the first rule that gives a price sets the
 * form's unit price; `note` says which rule did, or that none covers the size. A size typed
 * before the catalogue has loaded is priced when it arrives.
 */
export function useSizePricing({ items, rulesOf, isPending }: Catalog) {
  const { setValue, getValues } = useFormContext();
  const [note, setNote] = useState<string | null>(null);
  // A size typed while the catalogue was still loading: priced once it is in.
  const [sizeWaiting, setSizeWaiting] = useState(false);

  const applySize = useCallback(
    (itemID: unknown, size: unknown) => {
      if (isPending) {
        setSizeWaiting(true);
        return;
      }
      const item = items.find((candidate) => candidate.id === itemID);
      const rules = rulesOf(itemID);
      if (!item || rules.length === 0 || parseSize(size) === null) {
        setNote(null);
        return;
      }
      const result = unitPriceFromSize(rules, size, Number(item.price));
      if (!result) {
        setNote(NO_RULE_FOR_SIZE);
        return;
      }
      setValue('unitPrice', result.unitPrice, { shouldDirty: true, shouldValidate: true });
      setNote(`Unit price from rule: ${sizeRuleText(result.rule)}`);
    },
    [items, rulesOf, setValue, isPending],
  );

  useEffect(() => {
    if (isPending || !sizeWaiting) return;
    setSizeWaiting(false);
    applySize(getValues('itemID'), getValues('size'));
  }, [isPending, sizeWaiting, applySize, getValues]);

  return { note, applySize };
}
