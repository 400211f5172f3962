/**
 * Renewing a season's estimates (issue 23 "Renewals"): each copy's unit prices raised or
 * lowered by a percent, or re-read from the catalogue and its size rules, and its project name
 * with one text replaced ("2026" → "2027"). Pure: the server stores what these compute.
 */
import { add, div, exact, type Exact, exactOrZero, mul, ONE, roundToNumber } from './decimal';
import { unitPriceFromSize, type PriceRule } from './priceRules';

/** The percent of a renewal: from −90 % (a tenth of the price is kept) to +1000 %, to the hundredth. */
export const RENEWAL_PERCENT_MIN = -90;
export const RENEWAL_PERCENT_MAX = 1000;
export const RENEWAL_PERCENT_DECIMALS = 2;

/** How many estimates one renewal may copy. */
export const RENEWAL_MAX_ESTIMATES = 500;

/** What a renewal made (its job's result): each copy after the estimate it renews, in the order asked; by the catalogue, the items not found in it, which kept their price. */
export interface RenewalResult {
  created: { from: number; id: number; unchanged?: string[] }[];
}

export const RENEWAL_PRICING_MODES = ['percent', 'catalogue'] as const;
export type RenewalPricingMode = (typeof RENEWAL_PRICING_MODES)[number];

export const renewalMessages = {
  percentRequired: 'Percent is required.',
  percentInvalid: 'Percent must be a number.',
  percentRange: `Percent must be between ${RENEWAL_PERCENT_MIN} and ${RENEWAL_PERCENT_MAX}.`,
  percentDecimals: `Percent can have at most ${RENEWAL_PERCENT_DECIMALS} decimals.`,
} as const;

/** Why a percent cannot renew prices (null when it can): a finite number in range, to the hundredth. */
export function renewalPercentError(percent: unknown): string | null {
  if (percent === undefined || percent === null || percent === '') return renewalMessages.percentRequired;
  if (typeof percent !== 'number' || !Number.isFinite(percent)) return renewalMessages.percentInvalid;
  if (percent < RENEWAL_PERCENT_MIN || percent > RENEWAL_PERCENT_MAX) return renewalMessages.percentRange;
  // Read as the decimal it prints as (src/domain/decimal.ts): 4.25 has 2 decimals, 4.255 has 3.
  const value = exact(percent)!;
  if (10n ** BigInt(RENEWAL_PERCENT_DECIMALS) % value.d !== 0n) return renewalMessages.percentDecimals;
  return null;
}

const factor = (percent: number): Exact => add(ONE, div(exactOrZero(percent), { n: 100n, d: 1n })!);

/**
 * A unit price renewed by a percent: round2(unitPrice × (1 + percent / 100)), in exact
 * decimal arithmetic and rounded half away from zero to cents, as item figures are
 * (src/domain/pricing.ts). 10.25 at +10 % is 11.275 → 11.28; at −10 % 9.225 → 9.23.
 */
export function renewedUnitPrice(unitPrice: unknown, percent: number): number {
  return roundToNumber(mul(exactOrZero(unitPrice), factor(percent)), 2);
}

/** A catalogue item as repricing reads it: its price and its size rules. */
export interface CataloguePrice {
  price: number;
  rules: readonly PriceRule[];
}

/**
 * The unit price the catalogue gives a line today, as the Work Area Item Editor fills it:
 * from the item's size rules when one applies to the line's size (src/domain/priceRules.ts
 * unitPriceFromSize), else the item's price.
 */
export function catalogueUnitPrice(item: CataloguePrice, size: unknown): number {
  return unitPriceFromSize(item.rules, size, item.price)?.unitPrice ?? item.price;
}

/** A project name with every occurrence of `replace` replaced (plain text, no patterns); an empty `replace` changes nothing. */
export function renamedProject(name: string, replace: string, replacement: string): string {
  return replace === '' ? name : name.split(replace).join(replacement);
}
