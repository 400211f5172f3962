/**
 * Fill Table Calculator (SPEC §9): width and length in feet, depth in inches.
 * Cubic yards to 3 decimals, cubic feet rounded up, tons = 1.25 × cubic yards to 3 decimals.
 */

export const TONS_PER_CUBIC_YARD = 1.25;

export interface FillTableInput {
  width: unknown;
  length: unknown;
  depth: unknown;
}

export interface FillTableFigures {
  cubicYards: number;
  cubicFeet: number;
  tons: number;
}

function measure(value: unknown): number | null {
  const n = typeof value === 'string' ? (value.trim() === '' ? Number.NaN : Number(value)) : value;
  return typeof n === 'number' && Number.isFinite(n) && n >= 0 ? n : null;
}

/** Half away from zero at `digits` decimals, trimming binary noise first (1.0005 → 1.001). */
function roundTo(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(Number((value * factor).toPrecision(15))) / factor;
}

/** The three figures, or null while a measurement is missing, negative or not a number. */
export function fillTable({ width, length, depth }: FillTableInput): FillTableFigures | null {
  const w = measure(width);
  const l = measure(length);
  const d = measure(depth);
  if (w === null || l === null || d === null) return null;
  const exactYards = (w / 3) * (l / 3) * (d / 12 / 3);
  // Cubic feet round up; trim binary noise so an exact 100 does not become 101.
  const cubicFeet = Math.ceil(Number(((w * l * d) / 12).toPrecision(12)));
  return { cubicYards: roundTo(exactYards, 3), cubicFeet, tons: roundTo(TONS_PER_CUBIC_YARD * exactYards, 3) };
}
