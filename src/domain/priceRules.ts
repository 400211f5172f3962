/**
 * Size-based unit prices of catalogue items (SPEC §9 "Auto unit price from size").
 * Pure: the SPA uses it for live previews, the server and the estimates use the same code.
 */
import { add, compare, div, type Exact, exactOrZero, mul, roundToNumber, sub, ZERO } from './decimal';

export const PRICE_RULE_TYPES = ['LESS_THAN_OR_EQUAL', 'BETWEEN_EXCLUSIVE', 'GREATER_THAN', 'STATIC'] as const;
export type PriceRuleType = (typeof PRICE_RULE_TYPES)[number];

export const PRICE_RULE_OUTPUT_TYPES = ['UNIT_PRICE'] as const;

export const PRICE_RULE_TYPE_LABELS: Record<PriceRuleType, string> = {
  LESS_THAN_OR_EQUAL: 'Up to Range End',
  BETWEEN_EXCLUSIVE: 'Between (exclusive)',
  GREATER_THAN: 'Greater than',
  STATIC: 'Static (per step)',
};

export interface PriceRule {
  /** Any string: a type outside PRICE_RULE_TYPES gives no result (SPEC §9). */
  type: string;
  rangeStart?: number | null;
  rangeEnd?: number | null;
  step?: number | null;
  secondaryPrice?: number | null;
  id?: number;
}

/** The numbers of a rule; each type reads some of them. */
export const PRICE_RULE_NUMBERS = ['rangeStart', 'rangeEnd', 'step', 'secondaryPrice'] as const;
type RuleNumber = (typeof PRICE_RULE_NUMBERS)[number];

/**
 * What each type reads, and whether its step divides. The form asks only for these, and
 * validation requires exactly these (a rule missing one could never give a price).
 */
export const PRICE_RULE_TYPE_FIELDS: Record<PriceRuleType, { uses: RuleNumber[]; stepDivides: boolean }> = {
  LESS_THAN_OR_EQUAL: { uses: ['rangeEnd'], stepDivides: false },
  BETWEEN_EXCLUSIVE: { uses: ['rangeStart', 'rangeEnd', 'step', 'secondaryPrice'], stepDivides: true },
  // Step 0 is meaningful here: it switches to size × secondary price.
  GREATER_THAN: { uses: ['rangeStart', 'step', 'secondaryPrice'], stepDivides: false },
  STATIC: { uses: ['step'], stepDivides: true },
};

export function isPriceRuleType(type: unknown): type is PriceRuleType {
  return typeof type === 'string' && (PRICE_RULE_TYPES as readonly string[]).includes(type);
}

/** A size as typed or stored: a finite number ≥ 0, else null (sizes are measurements). */
export function parseSize(size: unknown): number | null {
  if (typeof size === 'string') {
    if (size.trim() === '') return null;
    size = Number(size.trim());
  }
  if (typeof size !== 'number' || !Number.isFinite(size) || size < 0) return null;
  return size;
}

const finite = (n: number | null | undefined): n is number => typeof n === 'number' && Number.isFinite(n);

/**
 * base + (size − rangeStart) / step × secondaryPrice in exact arithmetic (src/domain/decimal.ts);
 * a zero step divides by nothing: no result.
 */
function steppedPrice(rule: PriceRule, size: number, basePrice: number): Exact | null {
  const { rangeStart, step, secondaryPrice } = rule;
  if (!finite(rangeStart) || !finite(step) || !finite(secondaryPrice) || step === 0) return null;
  const steps = div(sub(exactOrZero(size), exactOrZero(rangeStart)), exactOrZero(step));
  return steps && add(exactOrZero(basePrice), mul(steps, exactOrZero(secondaryPrice)));
}

function exactUnitPrice(rule: PriceRule, size: number, basePrice: number): Exact | null {
  const { rangeStart, rangeEnd, step, secondaryPrice } = rule;
  switch (rule.type) {
    case 'LESS_THAN_OR_EQUAL':
      return finite(rangeEnd) && size <= rangeEnd ? exactOrZero(basePrice) : null;
    case 'BETWEEN_EXCLUSIVE':
      if (!finite(rangeStart) || !finite(rangeEnd) || !(size > rangeStart && size < rangeEnd)) return null;
      return steppedPrice(rule, size, basePrice);
    case 'GREATER_THAN':
      // Step 0: size × secondaryPrice from rangeStart up (SPEC §9); a stepped rule applies
      // only above its range start, so it never counts back below the base price.
      if (!finite(rangeStart)) return null;
      if (step === 0) return size >= rangeStart && finite(secondaryPrice) ? mul(exactOrZero(size), exactOrZero(secondaryPrice)) : null;
      return size > rangeStart ? steppedPrice(rule, size, basePrice) : null;
    case 'STATIC':
      return finite(step) && step !== 0 ? div(mul(exactOrZero(size), exactOrZero(basePrice)), exactOrZero(step)) : null;
    default:
      return null;
  }
}

/**
 * The unit price one rule gives for a size and the item's base price, exactly as SPEC §9
 * states it, rounded to cents; null when the rule does not apply or cannot give a finite
 * price (unknown type, missing number, zero step, bad size).
 */
export function ruleUnitPrice(rule: PriceRule, size: unknown, basePrice: number): number | null {
  const parsed = parseSize(size);
  if (parsed === null || !Number.isFinite(basePrice)) return null;
  const price = exactUnitPrice(rule, parsed, basePrice);
  // A rule never prices below zero, whatever its numbers (e.g. a negative secondary price stored before it was refused).
  if (price === null || compare(price, ZERO) < 0) return null;
  const cents = roundToNumber(price, 2);
  return Number.isFinite(cents) ? cents : null;
}

const typeRank = (type: string) => {
  const rank = (PRICE_RULE_TYPES as readonly string[]).indexOf(type);
  return rank === -1 ? PRICE_RULE_TYPES.length : rank;
};

/**
 * An item's rules in the order they are tried: by type (up-to, between, greater-than,
 * static), then by range start, then by id. The ranges of a well-made set read low to high.
 */
export function orderPriceRules<R extends PriceRule>(rules: readonly R[]): R[] {
  return [...rules].sort(
    (a, b) => typeRank(a.type) - typeRank(b.type) || (a.rangeStart ?? -Infinity) - (b.rangeStart ?? -Infinity) || (a.id ?? 0) - (b.id ?? 0),
  );
}

export interface SizePrice {
  unitPrice: number;
  rule: PriceRule;
}

/**
 * The unit price of an item for a size when it has several rules (beyond SPEC §9, which
 * speaks of one rule): the first rule, in `orderPriceRules` order, that gives a price.
 */
export function unitPriceFromSize<R extends PriceRule>(
  rules: readonly R[],
  size: unknown,
  basePrice: number,
): (SizePrice & { rule: R }) | null {
  for (const rule of orderPriceRules(rules)) {
    const unitPrice = ruleUnitPrice(rule, size, basePrice);
    if (unitPrice !== null) return { unitPrice, rule };
  }
  return null;
}
