/**
 * A site plan for UI tests (issue 42) and a stand-in for the Leaflet map, which jsdom cannot lay
 * out: it lists the shapes it was given with their labels, and lets a test act as the user on
 * the map through the props it received (`mapProps()`).
 */
import { vi } from 'vitest';
import { parsePlanShapes, type PlanFeature, type PlanGeometry, type SitePlan } from '../../../src/domain/sitePlan';
import type { PlanMapProps } from '../../../src/resources/sites/plan/PlanMap';

let latest: PlanMapProps | null = null;

/** The props the map was last rendered with. */
export const mapProps = (): PlanMapProps => {
  if (!latest) throw new Error('the plan map is not rendered');
  return latest;
};

export function FakePlanMap(props: PlanMapProps) {
  latest = props;
  return (
    <ul aria-label={props['aria-label']}>
      {props.shapes.map((shape) => (
        <li key={shape.id}>{props.labelOf(shape)}</li>
      ))}
    </ul>
  );
}

/** The map module's stand-in, for `vi.mock` (hoisted: it imports this file itself). */
export const planMapModule = () => ({ PlanMap: FakePlanMap });

export const rectangle = (x: number, y: number, width: number, height: number): PlanGeometry => ({
  type: 'Polygon',
  coordinates: [
    [
      [x, y],
      [x + width, y],
      [x + width, y + height],
      [x, y + height],
      [x, y],
    ],
  ],
});

const feature = (id: string, name: string, geometry: PlanGeometry): PlanFeature => ({
  type: 'Feature',
  id,
  geometry,
  properties: { name, kind: geometry.type === 'Polygon' ? 'area' : geometry.type === 'LineString' ? 'line' : 'point' },
});

/**
 * The plan of site 7 at half a foot per pixel: Front bed 80 × 62 px (1,240 ft²), Side bed
 * 40 × 40 px (400 ft²), the Walk edge 240 px long (120 ft) and the Spigot.
 */
export function samplePlan(overrides: Partial<SitePlan> = {}): SitePlan {
  const feetPerUnit = overrides.feetPerUnit === undefined ? 0.5 : overrides.feetPerUnit;
  const raw = {
    type: 'FeatureCollection',
    features: [
      feature('front-bed', 'Front bed', rectangle(10, 10, 80, 62)),
      feature('side-bed', 'Side bed', rectangle(200, 10, 40, 40)),
      feature('walk-edge', 'Walk edge', {
        type: 'LineString',
        coordinates: [
          [0, 300],
          [240, 300],
        ],
      }),
      feature('spigot', 'Spigot', { type: 'Point', coordinates: [50, 150] }),
    ],
  };
  const parsed = parsePlanShapes(raw, feetPerUnit);
  if ('error' in parsed) throw new Error(parsed.error);
  return { siteID: 7, imageID: null, image: null, feetPerUnit, shapes: parsed.value, printOnProposal: false, version: 4, ...overrides };
}

export const resetMap = () => {
  latest = null;
  vi.clearAllMocks();
};
