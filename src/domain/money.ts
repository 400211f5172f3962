/**
 * Money (DESIGN "Money"): numeric(12,2) in the database, a JSON number in the API,
 * rounded half away from zero to cents here and nowhere else.
 */

/**
 * Rounds half away from zero to 2 decimals, as if the arithmetic had been done in decimal:
 * binary noise is trimmed first (1.005 × 100 is 100.49999999999999 in floating point and
 * must still round up to 1.01). Non-finite input gives NaN rather than a plausible number.
 */
export function round2(value: number): number {
  return roundTo(value, 2);
}

/**
 * The same rounding to `digits` decimals: what a numeric(p, digits) column stores of a value
 * (quantities keep 3 decimals, sizes 4), so totals are computed from the figures as stored.
 */
export function roundTo(value: number, digits: number): number {
  if (!Number.isFinite(value)) return Number.NaN;
  const scale = 10 ** digits;
  const units = Number((Math.abs(value) * scale).toPrecision(15));
  const rounded = (Math.sign(value) * Math.round(units)) / scale;
  return rounded === 0 ? 0 : rounded; // never -0
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** "$1,234.50", "-$3.00"; blank for a missing amount. */
export function formatMoney(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  return usd.format(round2(value));
}
