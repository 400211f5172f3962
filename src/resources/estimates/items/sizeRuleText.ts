import { formatMoney } from '../../../domain/money';
import { isPriceRuleType, PRICE_RULE_TYPE_LABELS, type PriceRule } from '../../../domain/priceRules';

const size = (value: number | null | undefined) => (value === null || value === undefined ? '?' : String(Number(value)));

/** The range a rule covers, as an estimator reads it: '0.25–2', '≤ 0.25', '> 2', '1000' (a static rule's step). */
function ruleRange(rule: PriceRule): string {
  switch (rule.type) {
    case 'LESS_THAN_OR_EQUAL':
      return `≤ ${size(rule.rangeEnd)}`;
    case 'BETWEEN_EXCLUSIVE':
      return `${size(rule.rangeStart)}–${size(rule.rangeEnd)}`;
    case 'GREATER_THAN':
      return rule.step === 0 ? `≥ ${size(rule.rangeStart)} at ${formatMoney(rule.secondaryPrice ?? 0)} each` : `> ${size(rule.rangeStart)}`;
    case 'STATIC':
      return size(rule.step);
    default:
      return '';
  }
}

/** Which rule set a unit price, e.g. 'Between (exclusive) 0.25–2'. */
export function sizeRuleText(rule: PriceRule): string {
  const label = isPriceRuleType(rule.type) ? PRICE_RULE_TYPE_LABELS[rule.type] : rule.type;
  return `${label} ${ruleRange(rule)}`.trim();
}
