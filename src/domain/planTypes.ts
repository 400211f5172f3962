/**
 * The shapes of a site plan as GeoJSON in plan units (issue 42): the types ./sitePlan.ts and
 * ./planShapes.ts share (apart, so that neither imports the other).
 */
import type { PlanPosition } from './planGeometry';

export type PlanKind = 'area' | 'line' | 'point';

export interface PlanPolygon {
  type: 'Polygon';
  coordinates: PlanPosition[][];
}
export interface PlanLineString {
  type: 'LineString';
  coordinates: PlanPosition[];
}
export interface PlanPoint {
  type: 'Point';
  coordinates: PlanPosition;
}
export type PlanGeometry = PlanPolygon | PlanLineString | PlanPoint;

export interface PlanShapeProperties {
  name: string;
  kind: PlanKind;
  /** An area's square feet, computed by the server (absent until the plan has a scale). */
  squareFeet?: number;
  /** A line's linear feet, computed by the server (absent until the plan has a scale). */
  linearFeet?: number;
}

export interface PlanFeature {
  type: 'Feature';
  id: string;
  geometry: PlanGeometry;
  properties: PlanShapeProperties;
}

export interface PlanShapes {
  type: 'FeatureCollection';
  features: PlanFeature[];
}
