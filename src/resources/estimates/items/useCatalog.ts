import { useMemo } from 'react';
import { useGetList } from 'react-admin';
import { items, priceRules } from '../../../schema';
import type { PriceRule } from '../../../domain/priceRules';
import { ALL_ROWS } from '../../../admin/lists/pageLinks';
import type { CatalogItemRecord } from '../workAreas/workAreaRecords';

export type CatalogRule = PriceRule & { itemID: number };

/**
 * What the item editor picks from (SPEC §7 "Item catalogue"): every catalogue item sorted by
 * item_name, and every size rule (GET /calculations) grouped by item.
 */
export function useCatalog() {
  const catalog = useGetList<CatalogItemRecord>(items.name, {
    pagination: { ...ALL_ROWS },
    sort: { field: items.defaultSort.key, order: items.defaultSort.direction },
  });
  const rules = useGetList(priceRules.name, { pagination: { ...ALL_ROWS } });

  const rulesByItem = useMemo(() => {
    const byItem = new Map<number, CatalogRule[]>();
    for (const rule of (rules.data ?? []) as unknown as CatalogRule[]) {
      const list = byItem.get(rule.itemID) ?? [];
      list.push(rule);
      byItem.set(rule.itemID, list);
    }
    return byItem;
  }, [rules.data]);

  return {
    items: catalog.data ?? [],
    /** Until both the items and their rules are in. */
    isPending: catalog.isPending || rules.isPending,
    rulesOf: (itemID: unknown): CatalogRule[] => (typeof itemID === 'number' ? (rulesByItem.get(itemID) ?? []) : []),
  };
}
