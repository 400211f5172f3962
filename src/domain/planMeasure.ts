/**
 * What a work area item was measured from on its site's plan (issue 42): the shapes picked, what
 * each measured then, and their total (square feet for areas, linear feet for lines), which
 * became the item's size. Kept on the item so the estimate can say when a shape changed since.
 */
import { isRecord, type Parsed } from './parsed';

export const PLAN_MEASURE_UNITS = ['sqft', 'ft'] as const;
export type PlanMeasureUnit = (typeof PLAN_MEASURE_UNITS)[number];

export interface MeasuredShape {
  /** The plan feature's id. */
  id: string;
  name: string;
  /** Square feet (an area) or linear feet (a line) when it was measured. */
  value: number;
}

export interface PlanMeasure {
  shapes: MeasuredShape[];
  unit: PlanMeasureUnit;
  total: number;
  /** A fill item's depth, inches, typed when it was measured. */
  depthInches?: number;
}

export const PLAN_MEASURE_MAX_SHAPES = 100;
export const PLAN_MEASURE_MAX_DEPTH = 120;
export const planMeasureMessage = 'Plan Measure must list the plan shapes the size came from.';

const round2 = (value: number) => Math.round(value * 100) / 100;

/** The shapes' total, to the hundredth. */
export const measuredTotal = (shapes: readonly MeasuredShape[]) => round2(shapes.reduce((sum, shape) => sum + shape.value, 0));

function parseShape(raw: unknown): MeasuredShape | null {
  if (!isRecord(raw)) return null;
  const { id, name, value } = raw;
  if (typeof id !== 'string' || !id || id.length > 64) return null;
  if (typeof name !== 'string' || name.length > 100) return null;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > 1e9) return null;
  return { id, name, value: round2(value) };
}

/** The stored form of an item's plan measure (null: typed by hand), or what is wrong with it. */
export function parsePlanMeasure(raw: unknown): Parsed<PlanMeasure | null> {
  if (raw === null || raw === undefined) return { value: null };
  if (!isRecord(raw) || !Array.isArray(raw.shapes)) return { error: planMeasureMessage };
  if (raw.shapes.length === 0 || raw.shapes.length > PLAN_MEASURE_MAX_SHAPES) return { error: planMeasureMessage };
  if (!PLAN_MEASURE_UNITS.includes(raw.unit as PlanMeasureUnit)) return { error: planMeasureMessage };
  const shapes: MeasuredShape[] = [];
  for (const entry of raw.shapes) {
    const shape = parseShape(entry);
    if (!shape || shapes.some((known) => known.id === shape.id)) return { error: planMeasureMessage };
    shapes.push(shape);
  }
  const measure: PlanMeasure = { shapes, unit: raw.unit as PlanMeasureUnit, total: measuredTotal(shapes) };
  if (raw.depthInches !== undefined && raw.depthInches !== null) {
    const depth = raw.depthInches;
    if (typeof depth !== 'number' || !Number.isFinite(depth) || depth <= 0 || depth > PLAN_MEASURE_MAX_DEPTH)
      return { error: planMeasureMessage };
    measure.depthInches = depth;
  }
  return { value: measure };
}

/** A measure in words, as the estimate's history shows it: "Front bed, Side bed: 1,550.5 ft²". */
export function planMeasureWords(measure: PlanMeasure): string {
  const total = measure.total.toLocaleString('en-US', { maximumFractionDigits: 2 });
  const depth = measure.depthInches ? ` at ${measure.depthInches} in` : '';
  return `${measure.shapes.map((shape) => shape.name).join(', ')}: ${total} ${measure.unit === 'sqft' ? 'ft²' : 'ft'}${depth}`;
}
