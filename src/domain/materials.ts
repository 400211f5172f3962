/** The materials list's summary (issue 9): quantities of the same item in the same units added up. */
import { add, exactOrZero, roundToNumber } from './decimal';
import { round3 } from './quantities';

export interface MaterialQuantity {
  name: string;
  units: string | null;
  quantity: number;
}

export interface MaterialTotal {
  name: string;
  units: string;
  quantity: number;
  /** How many lines were added up. */
  lines: number;
}

const keyPart = (value: string | null) => (value ?? '').trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * Adds up the quantities of lines naming the same item in the same units (compared without
 * case or extra spaces; the first spelling is kept), sorted by item name, then units.
 */
export function totalsByItem(lines: readonly MaterialQuantity[]): MaterialTotal[] {
  const totals = new Map<string, MaterialTotal>();
  for (const line of lines) {
    const key = `${keyPart(line.name)}\u0000${keyPart(line.units)}`;
    const total = totals.get(key);
    if (total) {
      total.quantity = roundToNumber(add(exactOrZero(total.quantity), exactOrZero(line.quantity)), 3);
      total.lines += 1;
    } else {
      totals.set(key, { name: line.name.trim(), units: (line.units ?? '').trim(), quantity: round3(line.quantity), lines: 1 });
    }
  }
  return [...totals.values()].sort(
    (a, b) =>
      a.name.localeCompare(b.name, 'en-US', { sensitivity: 'base' }) || a.units.localeCompare(b.units, 'en-US', { sensitivity: 'base' }),
  );
}
