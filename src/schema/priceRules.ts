import { decimal, defineEntity, reference, string } from './defineEntity';
import { requiredMessage } from './validate';
import { PRICE_RULE_OUTPUT_TYPES, PRICE_RULE_TYPE_FIELDS, PRICE_RULE_TYPES, isPriceRuleType } from '../domain/priceRules';

/** Sizes and per-unit prices need more than cents (0.009 per ft² of pavement). */
const ruleNumber = (label: string) => decimal(label, { precision: 16, scale: 4 });

const fields = {
  itemID: reference(
    'Item',
    { entity: 'itemCatalog', onDelete: 'cascade' },
    { required: true, column: 'item_id', sortable: true, filterable: true, hiddenInList: true },
  ),
  outputType: string('Output Type', { required: true, max: 20, choices: PRICE_RULE_OUTPUT_TYPES, defaultValue: 'UNIT_PRICE' }),
  type: string('Type', { required: true, max: 20, choices: PRICE_RULE_TYPES }),
  rangeStart: ruleNumber('Range Start'),
  rangeEnd: ruleNumber('Range End'),
  step: ruleNumber('Step'),
  secondaryPrice: ruleNumber('Secondary Price'),
};

/**
 * The numbers a rule's type reads are required; a range must run upwards; a step and a
 * secondary price never go below 0, and a step must be above 0 where the formula divides by it. Numbers the type does
 * not read are not checked (the editor hides their inputs).
 */
function checkRule(values: Record<string, unknown>): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!isPriceRuleType(values.type)) return errors;
  const { uses, stepDivides } = PRICE_RULE_TYPE_FIELDS[values.type];
  for (const name of uses) {
    if (values[name] === null || values[name] === undefined) errors[name] = requiredMessage(fields[name]);
  }
  const { rangeStart, rangeEnd, step } = values as Record<string, number | null | undefined>;
  if (uses.includes('rangeStart') && uses.includes('rangeEnd') && rangeStart != null && rangeEnd != null && rangeEnd <= rangeStart) {
    errors.rangeEnd ??= 'Range End must be greater than Range Start.';
  }
  if (uses.includes('step') && step != null && step < 0) errors.step ??= 'Step cannot be negative.';
  else if (stepDivides && step === 0) errors.step ??= 'Step must be greater than 0.';
  const { secondaryPrice } = values as Record<string, number | null | undefined>;
  if (uses.includes('secondaryPrice') && secondaryPrice != null && secondaryPrice < 0) {
    errors.secondaryPrice ??= 'Secondary Price cannot be negative.';
  }
  return errors;
}

/** More price rules than this on one item is no pricing a person set up (and one PUT stays small). */
export const MAX_PRICE_RULES_PER_ITEM = 50;
export const tooManyPriceRulesMessage = `An item can have at most ${MAX_PRICE_RULES_PER_ITEM} price rules.`;

/**
 * Estimate calculation rule (SPEC §3 "Estimate calculation rule", §9 "Auto unit price from
 * size"): an item may have several. `GET /api/calculations` lists them all.
 */
export const priceRules = defineEntity({
  name: 'priceRules',
  table: 'price_rules',
  route: 'calculations',
  prefix: 'rule',
  listKey: 'calculations',
  singular: 'price rule',
  plural: 'price rules',
  fields,
  defaultSort: { key: 'item_id', direction: 'ASC' },
  systemSortKeys: { rule_id: 'id' },
  parent: { field: 'itemID', route: 'itemCatalog', entity: 'itemCatalog' },
  check: checkRule,
});
