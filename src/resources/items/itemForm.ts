import { items, priceRules, validateRecord } from '../../schema';
import { PRICE_RULE_NUMBERS, PRICE_RULE_TYPE_FIELDS, isPriceRuleType } from '../../domain/priceRules';

type Values = Record<string, unknown>;

/** Where the Item Editor keeps the item's rules: the key the API uses for them. */
export const RULES_SOURCE = priceRules.listKey;

const itemFieldNames = items.resolved.map((f) => f.name);
const ruleFieldNames = priceRules.resolved.map((f) => f.name).filter((name) => name !== 'itemID');

const pick = (values: Values, names: string[]): Values =>
  Object.fromEntries(names.filter((name) => name in values).map((name) => [name, values[name]]));

export const rulesOf = (values: Values): Values[] => (Array.isArray(values[RULES_SOURCE]) ? (values[RULES_SOURCE] as Values[]) : []);

/** The item's own fields (and its version, for the conflict check) out of the editor's values. */
/** The item's own values: its declared fields, its custom fields (issue 38) and its version. */
export const itemValuesOf = (values: Values): Values => pick(values, [...itemFieldNames, 'custom', 'version']);

/**
 * The rules as the API takes them (`calculations` of the item's create or update); numbers a
 * rule's type does not read (left over from an earlier type, their inputs hidden) are cleared.
 */
export const ruleValuesOf = (values: Values): Values[] =>
  rulesOf(values).map((rule) => {
    const kept = pick(rule ?? {}, ruleFieldNames);
    const uses: readonly string[] = isPriceRuleType(kept.type) ? PRICE_RULE_TYPE_FIELDS[kept.type].uses : [];
    for (const name of PRICE_RULE_NUMBERS) if (!uses.includes(name)) kept[name] = null;
    return kept;
  });

/** The body of the item's create or update: its own fields and version, with its rules as one set. */
export const itemAndRulesOf = (values: Values): Values => ({ ...itemValuesOf(values), [RULES_SOURCE]: ruleValuesOf(values) });

/**
 * The Item Editor's validation: the item's rules of SPEC §5 and each price rule's rules,
 * the same functions and messages as the server (errors of rule 2 under calculations[2]).
 */
export function validateItemForm(values: Values): Values {
  const errors: Values = { ...validateRecord(items, values).errors };
  const ruleErrors = rulesOf(values).map((rule) => validateRecord(priceRules, rule ?? {}, { omit: ['itemID'] }).errors);
  if (ruleErrors.some((e) => Object.keys(e).length > 0)) errors[RULES_SOURCE] = ruleErrors;
  return errors;
}
