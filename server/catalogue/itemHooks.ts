import { priceRules } from '../../src/schema';
import { checkRuleSet, isRuleList, replaceRules, ruleSetSchema, RULE_LIST_INVALID } from './priceRuleSet';
import type { EntityHooks } from '../crud/hookTypes';
import { registerEntityHooks } from '../crud/entityHooks';

/**
 * Catalogue items: a create or update may carry the item's price rules as one set
 * (`calculations: [rule, …]`, as `PUT /api/itemCatalog/:id/calculations` takes them), checked
 * with the item (one 400 naming every field) and written in its transaction, so the item and
 * its rules are saved together or not at all. Without the key the rules stay as they are.
 */
export const itemHooks: EntityHooks = {
  carried: {
    doc: {
      [priceRules.listKey]: ruleSetSchema
        .optional()
        .describe("The item's price rules, replacing the stored ones (left as they are without this key)."),
    },
    check(body) {
      const list = body[priceRules.listKey];
      if (list === undefined || list === null) return { errors: {} };
      if (!isRuleList(list)) return { errors: { [priceRules.listKey]: RULE_LIST_INVALID } };
      const { values, errors } = checkRuleSet(list);
      return { errors, write: (tx, record) => replaceRules(tx, record.id as number, values).then(() => undefined) };
    },
  },
};

registerEntityHooks('itemCatalog', itemHooks);
