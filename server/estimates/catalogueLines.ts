import { asc, inArray } from 'drizzle-orm';
import type { PriceRule } from '../../src/domain/priceRules';
import { catalogueUnitPrice } from '../../src/domain/renewal';
import type { Db } from '../db/connection';
import * as tables from '../db/entityTables';
import type { ItemDraft } from './pricedAreas';

export interface CatalogueItem {
  id: number;
  name: string;
  units: string | null;
  cost: number;
  price: number;
  kind: string;
  hoursPerUnit: number | null;
  rules: (PriceRule & { id: number })[];
}

/** Catalogue items with their price rules: those with the given ids, or all of them. */
export async function loadCatalogue(tx: Db, ids?: number[]): Promise<Map<number, CatalogueItem>> {
  const itemTable = tables.items;
  const ruleTable = tables.priceRules;
  const rows = ids
    ? ids.length
      ? await tx.select().from(itemTable).where(inArray(itemTable.id, ids))
      : []
    : await tx.select().from(itemTable).orderBy(asc(itemTable.id));
  const found = rows.map((r) => r.id);
  const rules = found.length ? await tx.select().from(ruleTable).where(inArray(ruleTable.itemID, found)) : [];
  const catalogue = new Map<number, CatalogueItem>();
  for (const r of rows) {
    catalogue.set(r.id, {
      id: r.id,
      name: r.name,
      units: r.units,
      cost: r.cost,
      price: r.price,
      kind: r.kind,
      hoursPerUnit: r.hoursPerUnit,
      rules: rules.filter((rule) => rule.itemID === r.id) as CatalogueItem['rules'],
    });
  }
  return catalogue;
}

/**
 * A line priced from the catalogue at this moment, as the Work Area Item Editor fills it:
 * name, units, unit cost, kind and hours per unit from the item; the unit price from its size rules when one
 * applies to the size (src/domain/renewal.ts catalogueUnitPrice), else the item's price.
 */
export function catalogueLine(item: CatalogueItem, size: number | null | undefined, quantity: number): ItemDraft {
  return {
    itemID: item.id,
    name: item.name,
    units: item.units,
    unitCost: item.cost,
    unitPrice: catalogueUnitPrice(item, size),
    kind: item.kind,
    hoursPerUnit: item.hoursPerUnit,
    size: size ?? null,
    quantity,
  };
}
