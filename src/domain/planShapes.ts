/**
 * A site plan's shapes as sent (src/domain/sitePlan.ts): strict GeoJSON in plan units, rebuilt
 * from the known members only, each measure computed here. Rings are taken open or closed and
 * stored closed (RFC 7946), without repeated consecutive points.
 */
import { isRecord, type Parsed } from './parsed';
import { cleanRing, closedRing, linearFeet, polygonProblem, squareFeet, type PlanPosition, type PolygonProblem } from './planGeometry';
import type { PlanFeature, PlanGeometry, PlanKind, PlanShapes } from './planTypes';

export const PLAN_MAX_SHAPES = 500;
export const PLAN_MAX_POINTS_PER_SHAPE = 5_000;
export const PLAN_MAX_POINTS = 20_000;
/** No coordinate may lie further than this from the plan's corner, either way. */
export const PLAN_COORD_LIMIT = 100_000;
export const SHAPE_ID_MAX = 64;
export const SHAPE_NAME_MAX = 100;
/** What an item's plan measure can hold (src/domain/planMeasure.ts). */
const MEASURE_MAX = 1e9;

const SHAPE_ID = /^[A-Za-z0-9_.:-]+$/;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
/** The geometry each kind is drawn as. */
export const KIND_GEOMETRY: Record<PlanKind, PlanGeometry['type']> = { area: 'Polygon', line: 'LineString', point: 'Point' };
const KIND_WORDS: Record<PlanKind, string> = { area: 'an area', line: 'a line', point: 'a point' };
const count = (n: number) => n.toLocaleString('en-US');

const POLYGON_WORDS: Record<PolygonProblem, string> = {
  corners: 'needs at least 3 different corners in its outline and in each hole',
  crosses: 'crosses itself: redraw it',
  holeOutside: 'has a hole outside its outline: redraw it',
  holeInHole: 'has a hole inside another hole: redraw it',
  noArea: 'has no area: redraw it',
};

class ShapeError extends Error {}

function position(raw: unknown, shape: string): PlanPosition {
  if (
    !Array.isArray(raw) ||
    raw.length !== 2 ||
    ![raw[0], raw[1]].every((n) => typeof n === 'number' && Number.isFinite(n) && Math.abs(n) <= PLAN_COORD_LIMIT)
  )
    throw new ShapeError(`${shape} has a point that is not a pair of numbers on the plan.`);
  return [raw[0], raw[1]];
}

/** Points left to read, in the shape and in the whole plan. */
interface Budget {
  shape: number;
  plan: number;
}

const tooManyInPlan = () => `The plan has more than ${count(PLAN_MAX_POINTS)} points in all: simplify its shapes.`;

/** Reads a list of points, counting them against the allowances before reading any. */
function positions(raw: unknown, shape: string, budget: Budget): PlanPosition[] {
  if (!Array.isArray(raw)) throw new ShapeError(`${shape} has coordinates that are not a list of points.`);
  budget.shape -= raw.length;
  budget.plan -= raw.length;
  if (budget.shape < 0) throw new ShapeError(`${shape} has more than ${count(PLAN_MAX_POINTS_PER_SHAPE)} points: simplify it.`);
  if (budget.plan < 0) throw new ShapeError(tooManyInPlan());
  // Array.from visits the holes of a sparse array too (a caller in the browser may pass one).
  return Array.from(raw, (point) => position(point, shape));
}

function geometry(raw: unknown, kind: PlanKind, shape: string, planPoints: { left: number }): PlanGeometry {
  const type = KIND_GEOMETRY[kind];
  if (!isRecord(raw) || raw.type !== type) throw new ShapeError(`${shape} is ${KIND_WORDS[kind]}, so its geometry must be a ${type}.`);
  const budget: Budget = { shape: PLAN_MAX_POINTS_PER_SHAPE, plan: planPoints.left };
  try {
    return geometryOf(type, raw.coordinates, shape, budget);
  } finally {
    planPoints.left = budget.plan;
  }
}

function geometryOf(type: PlanGeometry['type'], raw: unknown, shape: string, budget: Budget): PlanGeometry {
  if (type === 'Point') {
    if (--budget.plan < 0) throw new ShapeError(tooManyInPlan());
    return { type, coordinates: position(raw, shape) };
  }
  if (type === 'LineString') {
    const coordinates = positions(raw, shape, budget).filter((p, i, all) => i === 0 || p[0] !== all[i - 1][0] || p[1] !== all[i - 1][1]);
    if (coordinates.length < 2) throw new ShapeError(`${shape} needs at least 2 different points.`);
    return { type, coordinates };
  }
  if (!Array.isArray(raw) || raw.length === 0) throw new ShapeError(`${shape} has coordinates that are not a list of rings.`);
  if (raw.length > PLAN_MAX_POINTS_PER_SHAPE / 3)
    throw new ShapeError(`${shape} has more than ${count(PLAN_MAX_POINTS_PER_SHAPE)} points: simplify it.`);
  const rings = Array.from(raw, (ring) => positions(ring, shape, budget));
  const problem = polygonProblem(rings);
  if (problem) throw new ShapeError(`${shape} ${POLYGON_WORDS[problem]}.`);
  return { type, coordinates: rings.map((ring) => closedRing(cleanRing(ring))) };
}

/** How messages call a shape: by its name once that is known good, else by its place in the list. */
function shapeWords(raw: Record<string, unknown>, index: number): string {
  const name = isRecord(raw.properties) ? raw.properties.name : undefined;
  return typeof name === 'string' && name.trim() && name.length <= SHAPE_NAME_MAX && !CONTROL.test(name)
    ? `Shape "${name.trim()}"`
    : `Shape ${index + 1}`;
}

function feature(raw: unknown, index: number, feetPerUnit: number | null, planPoints: { left: number }): PlanFeature {
  if (!isRecord(raw) || raw.type !== 'Feature') throw new ShapeError(`Shape ${index + 1} is not a GeoJSON Feature.`);
  const shape = shapeWords(raw, index);
  const { id, properties } = raw;
  if (typeof id !== 'string' || id.length > SHAPE_ID_MAX || !SHAPE_ID.test(id))
    throw new ShapeError(`${shape} needs an id of up to ${SHAPE_ID_MAX} letters, digits, dashes or underscores.`);
  if (!isRecord(properties)) throw new ShapeError(`${shape} has no properties (a name and a kind).`);
  const name = properties.name;
  if (typeof name !== 'string' || !name.trim() || name.length > SHAPE_NAME_MAX || CONTROL.test(name))
    throw new ShapeError(`${shape} needs a name of up to ${SHAPE_NAME_MAX} characters on one line.`);
  const kind = properties.kind;
  if (kind !== 'area' && kind !== 'line' && kind !== 'point') throw new ShapeError(`${shape} must be an area, a line or a point.`);
  const shapeGeometry = geometry(raw.geometry, kind, shape, planPoints);
  const result: PlanFeature = { type: 'Feature', id, geometry: shapeGeometry, properties: { name: name.trim(), kind } };
  if (feetPerUnit !== null && shapeGeometry.type === 'Polygon')
    result.properties.squareFeet = squareFeet(shapeGeometry.coordinates, feetPerUnit);
  if (feetPerUnit !== null && shapeGeometry.type === 'LineString')
    result.properties.linearFeet = linearFeet(shapeGeometry.coordinates, feetPerUnit);
  if ((result.properties.squareFeet ?? result.properties.linearFeet ?? 0) > MEASURE_MAX)
    throw new ShapeError(`${shape} measures more than ${count(MEASURE_MAX)} feet: check the plan's scale.`);
  return result;
}

/**
 * A plan's shapes in their stored form, each measured at the plan's scale (no measures while the
 * scale is null), or what is wrong with the first bad shape, in words naming it. Names are kept
 * trimmed; members other than the ones a plan uses are dropped.
 */
export function parsePlanShapes(raw: unknown, feetPerUnit: number | null): Parsed<PlanShapes> {
  if (!isRecord(raw) || raw.type !== 'FeatureCollection' || !Array.isArray(raw.features))
    return { error: 'Shapes must be a GeoJSON FeatureCollection.' };
  if (raw.features.length > PLAN_MAX_SHAPES) return { error: `A plan holds at most ${count(PLAN_MAX_SHAPES)} shapes.` };
  const features: PlanFeature[] = [];
  const ids = new Set<string>();
  const planPoints = { left: PLAN_MAX_POINTS };
  try {
    Array.from(raw.features).forEach((entry, index) => {
      const read = feature(entry, index, feetPerUnit, planPoints);
      if (ids.has(read.id))
        throw new ShapeError(`${shapeWords(entry as Record<string, unknown>, index)} has the same id as another shape.`);
      ids.add(read.id);
      features.push(read);
    });
  } catch (error) {
    if (error instanceof ShapeError) return { error: error.message };
    throw error;
  }
  return { value: { type: 'FeatureCollection', features } };
}
