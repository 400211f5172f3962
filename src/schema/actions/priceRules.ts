/** An item's price rules as one set (issue 36): replaced whole, or carried by the item's own save. */
import { z } from 'zod';
import { items } from '../items';
import { MAX_PRICE_RULES_PER_ITEM, priceRules, tooManyPriceRulesMessage } from '../priceRules';
import { validateRecord } from '../validate';
import { idSchema } from './answers';
import { defineAction, entityTag } from './defineAction';
import { isJsonObject } from './fields';

type Rule = Record<string, unknown>;

export const RULE_LIST_INVALID = 'Price rules must be a list of rules.';

/**
 * The rules, each checked with the declaration's rules and messages, before anything is
 * written: a bad one writes nothing. A rule's message is keyed `calculations.<index>.<field>`,
 * the path react-hook-form gives its input (the index is a text, so the body check keeps it).
 */
export const priceRuleSet = z
  .unknown()
  .transform((list, context): Rule[] => {
    const problem = (message: string, path: string[] = []) => context.addIssue({ code: 'custom', message, path });
    if (!Array.isArray(list) || !list.every(isJsonObject)) {
      problem(RULE_LIST_INVALID);
      return z.NEVER;
    }
    if (list.length > MAX_PRICE_RULES_PER_ITEM) {
      problem(tooManyPriceRulesMessage);
      return z.NEVER;
    }
    const checked = list.map((rule) => validateRecord(priceRules, rule, { omit: ['itemID'] }));
    checked.forEach(({ errors }, index) => {
      for (const [field, message] of Object.entries(errors)) problem(message, [String(index), field]);
    });
    return checked.map(({ values }) => values);
  })
  .meta({
    type: 'array',
    maxItems: MAX_PRICE_RULES_PER_ITEM,
    items: { type: 'object', description: `A price rule: the fields of POST /api/${priceRules.route}, without itemID.` },
  });

export const replacePriceRules = defineAction({
  name: 'replacePriceRules',
  method: 'PUT',
  path: `/${items.route}/:id/${priceRules.route}`,
  access: 'user',
  tag: entityTag(items),
  summary: "Replace an item's price rules",
  description: `Every rule is checked first (errors are keyed \`${priceRules.listKey}.<index>.<field>\`); one bad rule writes nothing. The Item Editor sends the rules with the item instead (\`${priceRules.listKey}\` in the body of \`PUT /api/${items.route}/:id\` or \`POST /api/${items.route}\`), so both are written in one transaction.`,
  body: z.object({ [priceRules.listKey]: priceRuleSet }),
  status: 200,
  answer: z
    .object({ [priceRules.listKey]: z.array(z.looseObject({ id: idSchema })) })
    .describe(`The stored rules, in the order they are tried, each as GET /api/${priceRules.route}/:id answers it.`),
  invalidates: [priceRules.name, items.name],
});
