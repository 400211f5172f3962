/**
 * The materials list's summary (issue 9, issue 24): quantities of the same item in the same
 * units added up, and the crew hours per work area.
 */
import { add, exactOrZero, roundToNumber, sum } from './decimal';
import { round3 } from './quantities';

export interface MaterialQuantity {
  name: string;
  units: string | null;
  quantity: number;
  /** The catalogue item the line was picked from: lines of one item add up whatever they are called. */
  itemID?: number | null;
  /** That catalogue item's own name, shown for its total (the first line's name otherwise). */
  itemName?: string | null;
}

export interface MaterialTotal {
  name: string;
  units: string;
  quantity: number;
  /** How many lines were added up. */
  lines: number;
}

const keyPart = (value: string | null | undefined) => (value ?? '').trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * Adds up the quantities of lines of the same catalogue item (`itemID`), or, for lines without
 * one, naming the same item (compared without case or extra spaces), in the same units; named
 * by the catalogue item (or the first spelling), sorted by name, then units.
 */
export function totalsByItem(lines: readonly MaterialQuantity[]): MaterialTotal[] {
  const totals = new Map<string, MaterialTotal>();
  for (const line of lines) {
    const item = line.itemID === null || line.itemID === undefined ? `name:${keyPart(line.name)}` : `item:${line.itemID}`;
    const key = `${item}\u0000${keyPart(line.units)}`;
    const total = totals.get(key);
    if (total) {
      total.quantity = roundToNumber(add(exactOrZero(total.quantity), exactOrZero(line.quantity)), 3);
      total.lines += 1;
    } else {
      const name = (line.itemID != null && line.itemName?.trim()) || line.name.trim();
      totals.set(key, { name, units: (line.units ?? '').trim(), quantity: round3(line.quantity), lines: 1 });
    }
  }
  return [...totals.values()].sort(
    (a, b) =>
      a.name.localeCompare(b.name, 'en-US', { sensitivity: 'base' }) || a.units.localeCompare(b.units, 'en-US', { sensitivity: 'base' }),
  );
}

export interface AreaCrewHours {
  name: string;
  hours: number;
}

/** The crew hours of each work area (Σ its lines' laborHours) and in total, to the hundredth. */
export function crewHoursByArea(areas: readonly { name: string; items: readonly { laborHours?: unknown }[] }[]): {
  areas: AreaCrewHours[];
  total: number;
} {
  const each = areas.map((area) => ({ name: area.name, hours: sum(area.items.map((item) => exactOrZero(item.laborHours))) }));
  return {
    areas: each.map((area) => ({ name: area.name, hours: roundToNumber(area.hours, 2) })),
    total: roundToNumber(sum(each.map((area) => area.hours)), 2),
  };
}
