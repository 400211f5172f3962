/**
 * Quantities and sizes (measurements: acres, ft², yd³ to 3 decimals from the fill table), as
 * the materials list adds and shows them.
 */

/** Rounds half away from zero to 3 decimals, trimming binary noise first (as money.ts round2 does). */
export function round3(value: number): number {
  if (!Number.isFinite(value)) return Number.NaN;
  const thousandths = Number((Math.abs(value) * 1000).toPrecision(15));
  const rounded = (Math.sign(value) * Math.round(thousandths)) / 1000;
  return rounded === 0 ? 0 : rounded;
}

const quantityFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 3 });
const sizeFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 4 });

/** "1,250", "12.5", "0.125"; blank for a missing value. */
export function formatQuantity(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  return quantityFormat.format(round3(value));
}

/** A size as stored (up to 4 decimals); blank for none. */
export function formatSize(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  return sizeFormat.format(value);
}
