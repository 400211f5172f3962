/**
 * Quantities and sizes (measurements: acres, ft², yd³ to 3 decimals from the fill table), as
 * the materials list adds and shows them.
 */
import { roundTo } from './money';

/** Rounds half away from zero to 3 decimals, in exact decimal arithmetic (as money.ts round2 does). */
export function round3(value: number): number {
  return roundTo(value, 3);
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
