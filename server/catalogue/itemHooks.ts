import { priceRules } from '../../src/schema';
import { replacePriceRules } from '../../src/schema/actions/priceRules';
import { checkActionBody } from '../../src/schema/actions/checkBody';
import type { ActionBody } from '../../src/schema/actions/defineAction';
import { replaceRules, ruleSetSchema } from './priceRuleSet';
import type { EntityHooks } from '../crud/hookTypes';
import { registerEntityHooks } from '../crud/entityHooks';

/** The set's checks depend on no day. */
const NO_CONTEXT = { today: '' };

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
      const checked = checkActionBody(replacePriceRules, { [priceRules.listKey]: list }, NO_CONTEXT);
      if (!checked.ok) return { errors: checked.errors ?? {} };
      const values = (checked.value as ActionBody<typeof replacePriceRules>)[priceRules.listKey];
      return { errors: {}, write: (tx, record) => replaceRules(tx, record.id as number, values).then(() => undefined) };
    },
  },
};

registerEntityHooks('itemCatalog', itemHooks);
