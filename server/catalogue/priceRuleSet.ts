import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { priceRules } from '../../src/schema';
import { MAX_PRICE_RULES_PER_ITEM } from '../../src/schema/priceRules';
import { orderPriceRules } from '../../src/domain/priceRules';
import type { Db } from '../db/connection';
import * as tables from '../db/entityTables';
import { checkedInsert } from '../db/tableFromEntity';
import { entitySchemas } from '../openapi/entitySchemas';

type Row = Record<string, unknown>;
type StoredRule = Row & { id: number; type: string };

/**
 * An item's price rules as one set: what `PUT /api/itemCatalog/:id/calculations` replaces, and
 * what an item's own create and update may carry under the same key (`calculations`), written in
 * the item's transaction. The rules are checked by their declaration
 * (src/schema/actions/priceRules.ts) before anything is written, so a bad one writes nothing.
 */

/** Replaces an item's rules with a checked set, in the caller's transaction; answers them in the order they are tried. */
export async function replaceRules(tx: Db, itemID: number, values: Row[]): Promise<StoredRule[]> {
  const table = tables.priceRules;
  await tx.delete(table).where(eq(table.itemID, itemID));
  const stored = values.length
    ? await tx
        .insert(table)
        .values(values.map((v) => checkedInsert(priceRules, { ...v, itemID })))
        .returning()
    : [];
  return orderPriceRules(stored as StoredRule[]);
}

/** The set as a request carries it (the API document). */
export const ruleSetSchema = z.array(entitySchemas(priceRules).create.omit({ itemID: true })).max(MAX_PRICE_RULES_PER_ITEM);
