/**
 * A site's plan (issue 42): an image (or a blank grid), its scale, and the shapes drawn on it as a
 * GeoJSON FeatureCollection in plan units. Plan units are pixels of the plan image's large version
 * (at most 2,048 px), `[x, y]` from its top-left corner with y downward; a plan with no image is a
 * blank grid of BLANK_GRID_UNITS units square, one foot per unit unless the scale says otherwise.
 * The server computes every shape's measure here and ignores what a client sent.
 */
import type { Parsed } from './parsed';
import type { PlanFeature, PlanKind, PlanShapes } from './planTypes';
import type { PlanPosition } from './planGeometry';
import type { PlanMeasure, PlanMeasureUnit } from './planMeasure';

export {
  polygonArea,
  lineLength,
  squareFeet,
  linearFeet,
  ringSelfIntersects,
  ringsIntersect,
  polygonProblem,
  labelPoint,
  type PlanPosition,
} from './planGeometry';
export {
  parsePlanShapes,
  KIND_GEOMETRY,
  PLAN_MAX_SHAPES,
  PLAN_MAX_POINTS_PER_SHAPE,
  PLAN_MAX_POINTS,
  PLAN_COORD_LIMIT,
  SHAPE_ID_MAX,
  SHAPE_NAME_MAX,
} from './planShapes';

export type {
  PlanFeature,
  PlanGeometry,
  PlanKind,
  PlanLineString,
  PlanPoint,
  PlanPolygon,
  PlanShapeProperties,
  PlanShapes,
} from './planTypes';
export const PLAN_KINDS = ['area', 'line', 'point'] as const satisfies readonly PlanKind[];
export const PLAN_KIND_LABELS: Record<PlanKind, string> = { area: 'Area', line: 'Line', point: 'Point' };

export interface SitePlan {
  siteID: number;
  /** The plan-purpose photo drawn over; null: a blank grid. */
  imageID: number | null;
  /** The image's large version's size in pixels (= plan units); null with no image. */
  image: { width: number; height: number } | null;
  /** Feet per plan unit; null until the scale is set on an image. */
  feetPerUnit: number | null;
  shapes: PlanShapes;
  printOnProposal: boolean;
  /** 0 until first saved. */
  version: number;
}

/** The side of a blank grid, in plan units. */
export const BLANK_GRID_UNITS = 400;
/** A blank grid's scale until one is set. */
export const DEFAULT_FEET_PER_UNIT = 1;
/** Bounds of a scale: from a hundred units an inch to a few miles a unit. */
export const FEET_PER_UNIT_MIN = 0.0001;
export const FEET_PER_UNIT_MAX = 10_000;

export const emptyPlanShapes = (): PlanShapes => ({ type: 'FeatureCollection', features: [] });

/** What a site with no saved plan answers. */
export const emptySitePlan = (siteID: number): SitePlan => ({
  siteID,
  imageID: null,
  image: null,
  feetPerUnit: DEFAULT_FEET_PER_UNIT,
  shapes: emptyPlanShapes(),
  printOnProposal: false,
  version: 0,
});

/** The plan's drawing surface in plan units: the image's large version, or the blank grid. */
export const planExtent = (plan: Pick<SitePlan, 'image'>) => plan.image ?? { width: BLANK_GRID_UNITS, height: BLANK_GRID_UNITS };

export const feetPerUnitMessage = `Feet Per Unit must be a positive number up to ${FEET_PER_UNIT_MAX.toLocaleString('en-US')}, or empty until the scale is set.`;

/** A plan's scale as sent: a positive number, or null (not set yet). */
export function parseFeetPerUnit(raw: unknown): Parsed<number | null> {
  if (raw === null) return { value: null };
  if (typeof raw !== 'number' || !Number.isFinite(raw) || raw < FEET_PER_UNIT_MIN || raw > FEET_PER_UNIT_MAX)
    return { error: feetPerUnitMessage };
  return { value: raw };
}

const isPosition = (value: unknown): value is PlanPosition =>
  Array.isArray(value) && value.length === 2 && value.every((n) => typeof n === 'number' && Number.isFinite(n));

/**
 * The scale given by a line drawn over a known length: feet per plan unit. Refused when the two
 * ends are the same point or the length is not a positive number of feet.
 */
export function scaleFromCalibration(p1: PlanPosition, p2: PlanPosition, knownFeet: number): Parsed<number> {
  if (!isPosition(p1) || !isPosition(p2)) return { error: 'Draw the scale line between two points on the plan.' };
  const units = Math.hypot(p2[0] - p1[0], p2[1] - p1[1]);
  if (!(units > 0)) return { error: 'Draw the scale line between two different points.' };
  if (typeof knownFeet !== 'number' || !Number.isFinite(knownFeet) || knownFeet <= 0)
    return { error: 'Type the length of the scale line in feet.' };
  return parseFeetPerUnit(knownFeet / units) as Parsed<number>;
}

/** A shape's measure in the unit an item's size takes: square feet (areas), linear feet (lines); null for points or with no scale. */
export function shapeMeasure(feature: PlanFeature): { value: number; unit: PlanMeasureUnit } | null {
  const { kind, squareFeet: area, linearFeet: length } = feature.properties;
  if (kind === 'area' && area !== undefined) return { value: area, unit: 'sqft' };
  if (kind === 'line' && length !== undefined) return { value: length, unit: 'ft' };
  return null;
}

const wholeNumber = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const oneDecimal = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/** "1,240 ft²", "85.5 ft"; blank for a point or a plan with no scale. */
export function shapeMeasureWords(feature: PlanFeature): string {
  const measure = shapeMeasure(feature);
  if (!measure) return '';
  const number = (measure.value >= 100 ? wholeNumber : oneDecimal).format(measure.value);
  return `${number} ${measure.unit === 'sqft' ? 'ft²' : 'ft'}`;
}

/** How a label on the plan reads: "Front bed — 1,240 ft²". */
export function shapeLabel(feature: PlanFeature): string {
  const words = shapeMeasureWords(feature);
  return words ? `${feature.properties.name} — ${words}` : feature.properties.name;
}

/** A name for a newly drawn shape: "Area 3" when two shapes of its kind are already drawn. */
export function defaultShapeName(kind: PlanKind, shapes: PlanShapes): string {
  const label = PLAN_KIND_LABELS[kind];
  const taken = new Set(shapes.features.map((feature) => feature.properties.name));
  let n = shapes.features.filter((feature) => feature.properties.kind === kind).length + 1;
  while (taken.has(`${label} ${n}`)) n++;
  return `${label} ${n}`;
}

export interface ShapeChange {
  id: string;
  /** The shape's name now, or as measured when it is gone. */
  name: string;
  /** What it measured when the item took its size. */
  was: number;
  /** What it measures now in the same unit; null when it was removed or can no longer be measured so. */
  now: number | null;
}

/** The shapes an item was measured from that now measure differently, or are gone. */
export function changedShapes(measure: PlanMeasure, shapes: PlanShapes): ShapeChange[] {
  const byID = new Map(shapes.features.map((feature) => [feature.id, feature]));
  const changes: ShapeChange[] = [];
  for (const measured of measure.shapes) {
    const feature = byID.get(measured.id);
    const current = feature ? shapeMeasure(feature) : null;
    const now = current && current.unit === measure.unit ? current.value : null;
    if (now !== null && Math.abs(now - measured.value) < 0.005) continue;
    changes.push({ id: measured.id, name: feature?.properties.name ?? measured.name, was: measured.value, now });
  }
  return changes;
}
