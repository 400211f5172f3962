/**
 * Plan shapes as Leaflet layers and back: an area is a polygon, a line a polyline, a point a
 * circle marker (a vector: no marker icon image to load). Geometry read from a layer is in plan
 * units (planCoords.ts), rings closed as GeoJSON stores them.
 */
import L from 'leaflet';
import {
  labelPoint,
  type PlanFeature,
  type PlanPolygon,
  type PlanGeometry,
  type PlanKind,
  type PlanPosition,
} from '../../../domain/sitePlan';
import { toLatLng, toPlanPosition } from './planCoords';

/** One colour per kind, so beds, edges and spigots read apart on a busy image. */
export const KIND_COLORS: Record<PlanKind, string> = { area: '#2e7d32', line: '#1565c0', point: '#c62828' };
const PICKED_COLOR = '#ff6f00';

export function shapeStyle(kind: PlanKind, { picked = false, dimmed = false } = {}): L.PathOptions {
  const color = picked ? PICKED_COLOR : KIND_COLORS[kind];
  return {
    color,
    weight: picked ? 5 : 3,
    opacity: dimmed ? 0.35 : 1,
    fillColor: color,
    fillOpacity: dimmed ? 0.1 : picked ? 0.45 : 0.25,
  };
}

const closed = (ring: PlanPosition[]): PlanPosition[] => {
  if (ring.length === 0) return ring;
  const [first, last] = [ring[0], ring[ring.length - 1]];
  return first[0] === last[0] && first[1] === last[1] ? ring : [...ring, first];
};

/** An open ring for Leaflet (it closes polygons itself). */
const open = (ring: readonly PlanPosition[]): PlanPosition[] => {
  const points = [...ring];
  const [first, last] = [points[0], points[points.length - 1]];
  return points.length > 1 && first[0] === last[0] && first[1] === last[1] ? points.slice(0, -1) : points;
};

/** A new layer drawing the feature. */
export function featureLayer(feature: PlanFeature): L.Polygon | L.Polyline | L.CircleMarker {
  const { geometry } = feature;
  const style = shapeStyle(feature.properties.kind);
  if (geometry.type === 'Polygon') {
    const polygon = L.polygon(
      geometry.coordinates.map((ring) => open(ring).map(toLatLng)),
      style,
    );
    // Its label inside the shape as it is now (an L's arm, beside a hole), where the print puts it.
    polygon.getCenter = () => toLatLng(labelPoint((layerGeometry(polygon) as PlanPolygon).coordinates));
    return polygon;
  }
  if (geometry.type === 'LineString') return L.polyline(geometry.coordinates.map(toLatLng), style) as L.Polyline;
  return L.circleMarker(toLatLng(geometry.coordinates), { ...style, radius: 8 });
}

const ringsOf = (latLngs: L.LatLng[] | L.LatLng[][] | L.LatLng[][][]): L.LatLng[][] => {
  if (latLngs.length === 0) return [];
  if (latLngs[0] instanceof L.LatLng) return [latLngs as L.LatLng[]];
  if (Array.isArray(latLngs[0]) && (latLngs[0] as unknown[])[0] instanceof L.LatLng) return latLngs as L.LatLng[][];
  // A multi-polygon: a plan area is one polygon, its first.
  return (latLngs as L.LatLng[][][])[0] ?? [];
};

/** The layer's geometry in plan units (a polygon's rings closed), or null for a layer that is none of the three. */
export function layerGeometry(layer: L.Layer): PlanGeometry | null {
  if (layer instanceof L.CircleMarker) return { type: 'Point', coordinates: toPlanPosition(layer.getLatLng()) };
  if (layer instanceof L.Polygon)
    return { type: 'Polygon', coordinates: ringsOf(layer.getLatLngs()).map((ring) => closed(ring.map(toPlanPosition))) };
  if (layer instanceof L.Polyline) return { type: 'LineString', coordinates: (layer.getLatLngs() as L.LatLng[]).map(toPlanPosition) };
  return null;
}

export const kindOfGeometry = (geometry: PlanGeometry): PlanKind =>
  geometry.type === 'Polygon' ? 'area' : geometry.type === 'LineString' ? 'line' : 'point';
