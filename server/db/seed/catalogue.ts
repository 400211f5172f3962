import { count } from 'drizzle-orm';
import { items, priceRules } from '../../../src/schema';
import type { Db } from '../connection';
import * as tables from '../entityTables';
import { checkedValues } from './checkedValues';
import data from './data/catalogue.json';

type Row = Record<string, unknown>;

/** The landscape and snow catalogue with its price rules (STARTER-DATA.md), into an empty catalogue. */
export async function seedCatalogue(db: Db): Promise<void> {
  const itemTable = tables.items;
  const [{ n }] = await db.select({ n: count() }).from(itemTable);
  if (Number(n) > 0) return;
  await db.transaction(async (tx) => {
    for (const { rules = [], ...item } of data.items as (Row & { rules?: Row[] })[]) {
      const [{ id }] = await tx
        .insert(itemTable)
        .values(checkedValues(items, item, `item ${item.name}`))
        .returning({ id: itemTable.id });
      const ruleRows = rules.map((rule) => checkedValues(priceRules, { ...rule, itemID: id }, `rule of ${item.name}`));
      if (ruleRows.length) await tx.insert(tables.priceRules).values(ruleRows);
    }
  });
}
