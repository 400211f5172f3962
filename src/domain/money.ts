/**
 * Money (DESIGN "Money"): numeric(12,2) in the database, a JSON number in the API,
 * rounded half away from zero to cents here and nowhere else.
 */
import { exact, roundToNumber } from './decimal';

/**
 * Rounds half away from zero to 2 decimals in exact decimal arithmetic (src/domain/decimal.ts):
 * the number is read as the decimal it prints as, so 1.005 rounds to 1.01 although its binary
 * value is 1.00499999…. Non-finite input gives NaN rather than a plausible number.
 */
export function round2(value: number): number {
  return roundTo(value, 2);
}

/**
 * The same rounding to `digits` decimals: what a numeric(p, digits) column stores of a value
 * (quantities keep 3 decimals, sizes 4), so totals are computed from the figures as stored.
 */
export function roundTo(value: number, digits: number): number {
  const decimal = exact(value);
  return decimal === null ? Number.NaN : roundToNumber(decimal, digits);
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** "$1,234.50", "-$3.00"; blank for a missing amount. */
export function formatMoney(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  return usd.format(round2(value));
}

const usdCompact = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  minimumFractionDigits: 0,
  maximumFractionDigits: 1,
});
const usdWhole = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

/** A short amount for a chart label: "$950", "$12.5K", "$1.2M"; blank for a missing amount. */
export function formatMoneyShort(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  const dollars = Math.round(value) || 0; // never "-$0"
  return Math.abs(dollars) < 1000 ? usdWhole.format(dollars) : usdCompact.format(dollars);
}
