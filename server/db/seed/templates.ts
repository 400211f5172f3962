import { count } from 'drizzle-orm';
import { templateAreas, templateItems } from '../../../src/schema';
import type { Db } from '../connection';
import * as tables from '../entityTables';
import { checkedValues } from './checkedValues';
import data from './data/templates.json';

/**
 * The LM and SNOW estimate templates (STARTER-DATA.md "Templates") into empty template
 * tables: areas in their order, items by catalogue item name with a size and a quantity.
 * Sizes are what the item's price rules read (acres, ft²); quantities are in the item's
 * units (edging 400 ft × 4 visits = 1,600 linear ft). A name the catalogue lacks stops the start.
 */
export async function seedTemplates(db: Db): Promise<void> {
  const areaTable = tables.templateAreas;
  const [{ n }] = await db.select({ n: count() }).from(areaTable);
  if (Number(n) > 0) return;
  const itemTable = tables.items;
  const catalogue = await db.select({ id: itemTable.id, name: itemTable.name }).from(itemTable);
  const itemIds = new Map(catalogue.map((i) => [i.name, i.id]));
  await db.transaction(async (tx) => {
    for (const template of data.templates) {
      for (const [position, { items: lines, ...area }] of template.areas.entries()) {
        const what = `template area ${template.category} ${area.name}`;
        const [{ id }] = await tx
          .insert(areaTable)
          .values(checkedValues(templateAreas, { ...area, category: template.category, position }, what))
          .returning({ id: areaTable.id });
        const rows = lines.map(({ item, ...line }) => {
          const itemID = itemIds.get(item);
          if (itemID === undefined) throw new Error(`Starter ${what} names "${item}", which is not in the catalogue`);
          return checkedValues(templateItems, { ...line, itemID, templateAreaID: id }, `${what} item ${item}`);
        });
        if (rows.length) await tx.insert(tables.templateItems).values(rows);
      }
    }
  });
}
