/**
 * Plane geometry of site plans (issue 42), in plan units: `[x, y]` with y downward. Rings are
 * taken open or closed (a last point equal to the first is dropped here); callers pass rings that
 * have already lost consecutive duplicate points (see `cleanRing`).
 */
import { roundTo } from './money';

export type PlanPosition = [number, number];

const same = (a: PlanPosition, b: PlanPosition) => a[0] === b[0] && a[1] === b[1];

/** The ring without consecutive repeated points and without a closing point. */
export function cleanRing(ring: readonly PlanPosition[]): PlanPosition[] {
  const points: PlanPosition[] = [];
  for (const point of ring) if (!points.length || !same(points[points.length - 1], point)) points.push(point);
  while (points.length > 1 && same(points[0], points[points.length - 1])) points.pop();
  return points;
}

/** The ring closed as GeoJSON stores it: its first point repeated at the end. */
export const closedRing = (ring: readonly PlanPosition[]): PlanPosition[] => [...ring, ring[0]];

/** Unsigned area of one ring by the shoelace formula. */
export function ringArea(ring: readonly PlanPosition[]): number {
  const points = cleanRing(ring);
  let twice = 0;
  for (let i = 0; i < points.length; i++) {
    const [x1, y1] = points[i];
    const [x2, y2] = points[(i + 1) % points.length];
    twice += x1 * y2 - x2 * y1;
  }
  return Math.abs(twice) / 2;
}

/** A polygon's area in plan units²: its outer ring less its holes. */
export function polygonArea(rings: readonly (readonly PlanPosition[])[]): number {
  if (!rings.length) return 0;
  const [outer, ...holes] = rings;
  return Math.max(
    0,
    holes.reduce((area, hole) => area - ringArea(hole), ringArea(outer)),
  );
}

/** A polyline's length in plan units. */
export function lineLength(coords: readonly PlanPosition[]): number {
  let length = 0;
  for (let i = 1; i < coords.length; i++) length += Math.hypot(coords[i][0] - coords[i - 1][0], coords[i][1] - coords[i - 1][1]);
  return length;
}

/** An area's square feet on a plan of this scale (feet per plan unit), to the hundredth. */
export const squareFeet = (rings: readonly (readonly PlanPosition[])[], feetPerUnit: number) =>
  roundTo(polygonArea(rings) * feetPerUnit * feetPerUnit, 2);

/** A line's linear feet on a plan of this scale, to the hundredth. */
export const linearFeet = (coords: readonly PlanPosition[], feetPerUnit: number) => roundTo(lineLength(coords) * feetPerUnit, 2);

/** Whether the point is strictly inside the ring (even–odd rule). */
export function pointInRing(point: PlanPosition, ring: readonly PlanPosition[]): boolean {
  const [x, y] = point;
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i];
    const [xj, yj] = ring[j];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

interface Segment {
  a: PlanPosition;
  b: PlanPosition;
  ring: number;
  index: number;
  count: number;
  minX: number;
  maxX: number;
}

const orient = (p: PlanPosition, q: PlanPosition, r: PlanPosition) =>
  Math.sign((q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0]));

const onSegment = (p: PlanPosition, q: PlanPosition, r: PlanPosition) =>
  Math.min(p[0], r[0]) <= q[0] && q[0] <= Math.max(p[0], r[0]) && Math.min(p[1], r[1]) <= q[1] && q[1] <= Math.max(p[1], r[1]);

/** Whether two segments meet anywhere, touching included. */
function segmentsMeet(s: Segment, t: Segment): boolean {
  const o1 = orient(s.a, s.b, t.a);
  const o2 = orient(s.a, s.b, t.b);
  const o3 = orient(t.a, t.b, s.a);
  const o4 = orient(t.a, t.b, s.b);
  if (o1 !== o2 && o3 !== o4) return true;
  return (
    (o1 === 0 && onSegment(s.a, t.a, s.b)) ||
    (o2 === 0 && onSegment(s.a, t.b, s.b)) ||
    (o3 === 0 && onSegment(t.a, s.a, t.b)) ||
    (o4 === 0 && onSegment(t.a, s.b, t.b))
  );
}

/** Neighbours on one ring share an end; they only go wrong by doubling back along each other. */
function neighboursOverlap(s: Segment, t: Segment): boolean {
  const [first, second] = s.index + 1 === t.index || (t.index === 0 && s.index === s.count - 1) ? [s, t] : [t, s];
  const shared = first.b;
  const back = first.a;
  const on = second.b;
  if (orient(back, shared, on) !== 0) return false;
  return (back[0] - shared[0]) * (on[0] - shared[0]) + (back[1] - shared[1]) * (on[1] - shared[1]) > 0;
}

const neighbours = (s: Segment, t: Segment) =>
  s.ring === t.ring && (Math.abs(s.index - t.index) === 1 || Math.abs(s.index - t.index) === s.count - 1);

/**
 * Whether any edge of the rings meets another edge other than its neighbour at their shared
 * corner: a ring crossing or touching itself, or two rings crossing or touching each other.
 * Edges are swept by x so that ordinary drawings compare few pairs.
 */
export function ringsIntersect(rings: readonly (readonly PlanPosition[])[]): boolean {
  const segments: Segment[] = [];
  rings.forEach((raw, ring) => {
    const points = cleanRing(raw);
    points.forEach((a, index) => {
      const b = points[(index + 1) % points.length];
      segments.push({ a, b, ring, index, count: points.length, minX: Math.min(a[0], b[0]), maxX: Math.max(a[0], b[0]) });
    });
  });
  segments.sort((s, t) => s.minX - t.minX);
  for (let i = 0; i < segments.length; i++) {
    const s = segments[i];
    for (let j = i + 1; j < segments.length && segments[j].minX <= s.maxX; j++) {
      const t = segments[j];
      if (Math.max(s.a[1], s.b[1]) < Math.min(t.a[1], t.b[1]) || Math.max(t.a[1], t.b[1]) < Math.min(s.a[1], s.b[1])) continue;
      if (neighbours(s, t) ? t.count > 2 && neighboursOverlap(s, t) : segmentsMeet(s, t)) return true;
    }
  }
  return false;
}

/** Whether one ring crosses or touches itself. */
export const ringSelfIntersects = (ring: readonly PlanPosition[]) => ringsIntersect([ring]);

export type PolygonProblem = 'corners' | 'crosses' | 'holeOutside' | 'holeInHole' | 'noArea';

/**
 * What is wrong with a polygon, or null: each ring needs 3 distinct corners; no edge may cross or
 * touch another; each hole lies inside the outline and outside every other hole; some area is left.
 */
export function polygonProblem(rings: readonly (readonly PlanPosition[])[]): PolygonProblem | null {
  const clean = rings.map(cleanRing);
  if (!clean.length || clean.some((ring) => new Set(ring.map((p) => `${p[0]},${p[1]}`)).size < 3)) return 'corners';
  if (ringsIntersect(clean)) return 'crosses';
  const [outer, ...holes] = clean;
  // With no edges meeting, one corner tells on which side of another ring a whole ring lies.
  if (holes.some((hole) => !pointInRing(hole[0], outer))) return 'holeOutside';
  if (holes.some((hole, i) => holes.some((other, j) => i !== j && pointInRing(hole[0], other)))) return 'holeInHole';
  if (!(polygonArea(clean) > 0)) return 'noArea';
  return null;
}

/** The centroid of a ring, or its corners' mean when it encloses no area. */
export function ringCentroid(raw: readonly PlanPosition[]): PlanPosition {
  const ring = cleanRing(raw);
  let twice = 0;
  let cx = 0;
  let cy = 0;
  for (let i = 0; i < ring.length; i++) {
    const [x1, y1] = ring[i];
    const [x2, y2] = ring[(i + 1) % ring.length];
    const cross = x1 * y2 - x2 * y1;
    twice += cross;
    cx += (x1 + x2) * cross;
    cy += (y1 + y2) * cross;
  }
  if (Math.abs(twice) < 1e-9) {
    const n = ring.length || 1;
    return [ring.reduce((sum, p) => sum + p[0], 0) / n, ring.reduce((sum, p) => sum + p[1], 0) / n];
  }
  return [cx / (3 * twice), cy / (3 * twice)];
}

const insidePolygon = (point: PlanPosition, rings: readonly PlanPosition[][]) =>
  pointInRing(point, rings[0]) && !rings.slice(1).some((hole) => pointInRing(point, hole));

/**
 * Where a polygon's label goes: its outline's centroid when that lies inside it, else (an L, a
 * ring around a hole) the middle of the widest stretch inside it along a few level lines.
 */
export function labelPoint(raw: readonly (readonly PlanPosition[])[]): PlanPosition {
  const rings = raw.map(cleanRing);
  const centre = ringCentroid(rings[0] ?? []);
  if (!rings.length || insidePolygon(centre, rings)) return centre;
  const ys = rings[0].map((p) => p[1]);
  const [top, bottom] = [Math.min(...ys), Math.max(...ys)];
  let best: { point: PlanPosition; width: number } = { point: centre, width: 0 };
  for (const y of [centre[1], ...Array.from({ length: 9 }, (_, k) => top + ((k + 0.5) / 9) * (bottom - top))]) {
    const crossings: number[] = [];
    for (const ring of rings)
      for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
        const [[xi, yi], [xj, yj]] = [ring[i], ring[j]];
        if (yi > y !== yj > y) crossings.push(xi + ((y - yi) * (xj - xi)) / (yj - yi));
      }
    crossings.sort((a, b) => a - b);
    for (let k = 0; k + 1 < crossings.length; k += 2) {
      const width = crossings[k + 1] - crossings[k];
      if (width > best.width) best = { point: [(crossings[k] + crossings[k + 1]) / 2, y], width };
    }
  }
  return best.point;
}
