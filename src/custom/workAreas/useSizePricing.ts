import { useCallback, useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { parseSize, unitPriceFromSize } from '../../domain/priceRules';
import { sizeRuleText } from './sizeRuleText';
import type { CatalogRule } from './useCatalog';
import type { CatalogItemRecord } from './workAreaRecords';

export const NO_RULE_FOR_SIZE = 'No size rule of this item covers this size: the unit price is left as it is.';

interface Catalog {
  items: CatalogItemRecord[];
  rulesOf: (itemID: unknown) => CatalogRule[];
}

/**
 * The unit price from a size (SPEC §9 "Auto unit price from size"): with the picked
 * catalogue item's rules and its catalogue price, the first rule that gives a price sets the
 * form's unit price; `note` says which rule did, or that none covers the size.
 */
export function useSizePricing({ items, rulesOf }: Catalog) {
  const { setValue } = useFormContext();
  const [note, setNote] = useState<string | null>(null);

  const applySize = useCallback(
    (itemID: unknown, size: unknown) => {
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
    [items, rulesOf, setValue],
  );

  return { note, applySize };
}
