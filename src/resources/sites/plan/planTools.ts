/**
 * The map's own tools beside Geoman's drawing: the scale line (two clicks, then the known
 * length is asked for) and the live measure of a shape being drawn (its vertices so far and the
 * cursor), both in plan units.
 */
import L from 'leaflet';
import type { PlanPosition } from '../../../domain/sitePlan';
import { toLatLng, toPlanPosition } from './planCoords';

const SCALE_STYLE: L.PolylineOptions = { color: '#6a1b9a', weight: 3, dashArray: '8 6', interactive: false };

/** Two clicks give the scale line's ends; returns the tool's teardown. */
export function startScaleTool(map: L.Map, onLine: (from: PlanPosition, to: PlanPosition) => void): () => void {
  const layers = L.layerGroup().addTo(map);
  let from: PlanPosition | null = null;
  let line: L.Polyline | null = null;
  const click = (event: L.LeafletMouseEvent) => {
    const point = toPlanPosition(event.latlng);
    if (!from) {
      from = point;
      L.circleMarker(event.latlng, { ...SCALE_STYLE, radius: 5 }).addTo(layers);
      line = L.polyline([event.latlng, event.latlng], SCALE_STYLE).addTo(layers);
      return;
    }
    const start = from;
    from = null;
    layers.clearLayers();
    onLine(start, point);
  };
  const move = (event: L.LeafletMouseEvent) => {
    if (from && line) line.setLatLngs([toLatLng(from), event.latlng]);
  };
  map.on('click', click);
  map.on('mousemove', move);
  map.getContainer().style.cursor = 'crosshair';
  return () => {
    map.off('click', click);
    map.off('mousemove', move);
    map.getContainer().style.cursor = '';
    layers.remove();
  };
}

type DrawStart = { shape: string; workingLayer: L.Layer };

/**
 * While Geoman draws a polygon or a line: its vertices so far and the cursor, on every move;
 * null once the drawing ends. Returns the watcher's teardown.
 */
export function watchDrawing(map: L.Map, onPoints: (shape: 'Polygon' | 'Line', points: PlanPosition[] | null) => void): () => void {
  let stop = () => {};
  const start = ({ shape, workingLayer }: DrawStart) => {
    if ((shape !== 'Polygon' && shape !== 'Line') || !(workingLayer instanceof L.Polyline)) return;
    const report = (cursor?: L.LatLng) => {
      const drawn = (workingLayer.getLatLngs() as L.LatLng[]).map(toPlanPosition);
      onPoints(shape, cursor && drawn.length ? [...drawn, toPlanPosition(cursor)] : drawn);
    };
    const move = (event: L.LeafletMouseEvent) => report(event.latlng);
    const added = () => report();
    map.on('mousemove', move);
    workingLayer.on('pm:vertexadded', added);
    stop = () => {
      map.off('mousemove', move);
      workingLayer.off('pm:vertexadded', added);
      onPoints(shape, null);
    };
  };
  const end = () => {
    stop();
    stop = () => {};
  };
  map.on('pm:drawstart', start as unknown as L.LeafletEventHandlerFn);
  map.on('pm:drawend', end);
  return () => {
    end();
    map.off('pm:drawstart', start as unknown as L.LeafletEventHandlerFn);
    map.off('pm:drawend', end);
  };
}
