import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { priceRules } from '../../src/schema';
import { MAX_PRICE_RULES_PER_ITEM, tooManyPriceRulesMessage } from '../../src/schema/priceRules';
import { validateRecord } from '../../src/schema/validate';
import { orderPriceRules } from '../../src/domain/priceRules';
import type { Db } from '../db/connection';
import * as tables from '../db/entityTables';
import { checkedInsert } from '../db/tableFromEntity';
import { entitySchemas } from '../openapi/entitySchemas';

type Row = Record<string, unknown>;

/**
 * An item's price rules as one set: what `PUT /api/itemCatalog/:id/calculations` replaces, and
 * what an item's own create and update may carry under the same key (`calculations`), written in
 * the item's transaction. Every rule is checked before anything is written, so a bad one writes
 * nothing.
 */

/** `calculations.2.rangeEnd`: the path react-hook-form gives the input of that rule. */
const errorKey = (index: number, field: string) => `${priceRules.listKey}.${index}.${field}`;

/** The message of a set that is not a list of rules (`{calculations: 'none'}`). */
export const RULE_SET_SHAPE_MESSAGE = `The request body must be {${priceRules.listKey}: [rule, …]}.`;

/** The field message of an item body whose `calculations` is not a list of rules. */
export const RULE_LIST_INVALID = 'Price rules must be a list of rules.';

/** Whether a value is a list of rule objects (their fields are checked by checkRuleSet). */
export const isRuleList = (list: unknown): list is Row[] =>
  Array.isArray(list) && list.every((r) => r !== null && typeof r === 'object' && !Array.isArray(r));

/** At most MAX_PRICE_RULES_PER_ITEM rules: the field message when there are more, else nothing. */
export const ruleCountErrors = (list: Row[]): Record<string, string> =>
  list.length > MAX_PRICE_RULES_PER_ITEM ? { [priceRules.listKey]: tooManyPriceRulesMessage } : {};

/**
 * Each rule checked with the declaration's rules and messages (errors keyed
 * `calculations.<index>.<field>`); the item they belong to is the caller's.
 */
export function checkRuleSet(list: Row[]): { values: Row[]; errors: Record<string, string> } {
  const counted = ruleCountErrors(list);
  if (Object.keys(counted).length) return { values: [], errors: counted };
  const values: Row[] = [];
  const errors: Record<string, string> = {};
  list.forEach((rule, index) => {
    const result = validateRecord(priceRules, rule, { omit: ['itemID'] });
    for (const [field, message] of Object.entries(result.errors)) errors[errorKey(index, field)] = message;
    values.push(result.values);
  });
  return { values, errors };
}

/** Replaces an item's rules with a checked set, in the caller's transaction; answers them in the order they are tried. */
export async function replaceRules(tx: Db, itemID: number, values: Row[]): Promise<Row[]> {
  const table = tables.priceRules;
  await tx.delete(table).where(eq(table.itemID, itemID));
  const stored = values.length
    ? await tx
        .insert(table)
        .values(values.map((v) => checkedInsert(priceRules, { ...v, itemID })))
        .returning()
    : [];
  return orderPriceRules(stored as (Row & { type: string })[]);
}

/** The set as a request carries it (the API document). */
export const ruleSetSchema = z.array(entitySchemas(priceRules).create.omit({ itemID: true })).max(MAX_PRICE_RULES_PER_ITEM);
