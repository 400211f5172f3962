import { useEffect, useRef } from 'react';
import { Box } from '@mui/material';
import L from 'leaflet';
import '@geoman-io/leaflet-geoman-free';
import 'leaflet/dist/leaflet.css';
import '@geoman-io/leaflet-geoman-free/dist/leaflet-geoman.css';
import type { PlanFeature, PlanGeometry, PlanKind, PlanPosition } from '../../../domain/sitePlan';
import { planBounds, toLatLng } from './planCoords';
import { featureLayer, KIND_COLORS, layerGeometry, shapeStyle } from './planLayers';
import { startScaleTool, watchDrawing } from './planTools';

/** What a click on the map does: draw one shape of a kind, edit the shapes, or draw the scale line. */
export type PlanTool = PlanKind | 'edit' | 'scale';

const GEOMAN_SHAPES = { area: 'Polygon', line: 'Line', point: 'CircleMarker' } as const;
/** The blank grid's lines, every this many plan units. */
const GRID_STEP = 50;

export interface PlanMapProps {
  width: number;
  height: number;
  /** The plan image (an object URL); none: the blank grid. */
  imageUrl?: string | null;
  shapes: readonly PlanFeature[];
  /** Each shape's label on the map (its name and measure). */
  labelOf: (feature: PlanFeature) => string;
  tool?: PlanTool | null;
  /** Picking (Measure on the plan): only shapes of this kind answer a click; the others are dimmed. */
  pickable?: PlanKind | null;
  picked?: ReadonlySet<string>;
  onPick?: (id: string) => void;
  onCreate?: (geometry: PlanGeometry) => void;
  onEdit?: (id: string, geometry: PlanGeometry) => void;
  onScaleLine?: (from: PlanPosition, to: PlanPosition) => void;
  /** A drawing or the scale line ended (done or cancelled): the tool is off again. */
  onToolEnd?: () => void;
  /** The shape being drawn, point by point (null once it ends). */
  onDrawing?: (kind: 'area' | 'line', points: PlanPosition[] | null) => void;
  'aria-label': string;
}

interface Entry {
  layer: L.Path;
  geometry: PlanFeature['geometry'];
}

function addGrid(map: L.Map, width: number, height: number): L.LayerGroup {
  const grid = L.layerGroup();
  const style: L.PolylineOptions = { color: '#b0bec5', weight: 1, interactive: false };
  for (let x = 0; x <= width; x += GRID_STEP) L.polyline([toLatLng([x, 0]), toLatLng([x, height])], style).addTo(grid);
  for (let y = 0; y <= height; y += GRID_STEP) L.polyline([toLatLng([0, y]), toLatLng([width, y])], style).addTo(grid);
  return grid.addTo(map);
}

/**
 * The plan in Leaflet (CRS.Simple, no tiles, nothing from other hosts) with Geoman for drawing and
 * editing: a thin wrapper that keeps one layer per shape in step with `shapes`, and reports what
 * the user drew, moved or picked. What the shapes are, their names and measures, stays with the caller.
 */
export function PlanMap(props: PlanMapProps) {
  const { width, height, imageUrl, shapes, labelOf, tool, pickable, picked } = props;
  const container = useRef<HTMLDivElement>(null);
  const mapRef = useRef<L.Map | null>(null);
  const entries = useRef(new Map<string, Entry>());
  // The latest callbacks, for the handlers bound once.
  const callbacks = useRef(props);
  callbacks.current = props;
  // Set while the map itself turns a tool off for the next one: that end is not the user's.
  const switching = useRef(false);

  useEffect(() => {
    const map = L.map(container.current!, { crs: L.CRS.Simple, minZoom: -6, maxZoom: 4, zoomSnap: 0.25, attributionControl: false });
    map.pm.setGlobalOptions({ allowSelfIntersection: false, snappable: true });
    map.on('pm:create', (event: { layer: L.Layer }) => {
      const geometry = layerGeometry(event.layer);
      event.layer.remove(); // the caller's shapes bring it back as one of theirs
      if (geometry) callbacks.current.onCreate?.(geometry);
    });
    map.on('pm:drawend', () => {
      if (!switching.current) callbacks.current.onToolEnd?.();
    });
    const unwatch = watchDrawing(map, (shape, points) => callbacks.current.onDrawing?.(shape === 'Polygon' ? 'area' : 'line', points));
    const resize = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => map.invalidateSize());
    resize?.observe(container.current!);
    mapRef.current = map;
    const known = entries.current;
    return () => {
      resize?.disconnect();
      unwatch();
      known.clear();
      map.remove();
      mapRef.current = null;
    };
  }, []);

  useEffect(() => {
    const map = mapRef.current!;
    const bounds = planBounds(width, height);
    const background = imageUrl ? L.imageOverlay(imageUrl, bounds).addTo(map) : addGrid(map, width, height);
    map.fitBounds(bounds);
    map.setMaxBounds(bounds.pad(0.5));
    return () => void background.remove();
  }, [width, height, imageUrl]);

  useEffect(() => {
    const map = mapRef.current!;
    const known = entries.current;
    const ids = new Set(shapes.map((feature) => feature.id));
    for (const [id, entry] of known) {
      if (ids.has(id)) continue;
      entry.layer.remove();
      known.delete(id);
    }
    for (const feature of shapes) {
      let entry = known.get(feature.id);
      // A geometry the layer itself reported (an edit) is already drawn: only a new one redraws.
      if (entry && entry.geometry !== feature.geometry) {
        entry.layer.remove();
        entry = undefined;
      }
      if (!entry) {
        const layer = featureLayer(feature);
        const id = feature.id;
        const created: Entry = { layer, geometry: feature.geometry };
        layer.on('pm:edit', () => {
          const geometry = layerGeometry(layer);
          if (!geometry) return;
          created.geometry = geometry;
          layer.openTooltip(); // its label follows the new outline
          callbacks.current.onEdit?.(id, geometry);
        });
        layer.on('click', () => {
          if (callbacks.current.pickable === feature.properties.kind) callbacks.current.onPick?.(id);
        });
        // A point's label sits above it, so that the point itself stays in sight.
        const point = feature.geometry.type === 'Point';
        layer.bindTooltip('', {
          permanent: true,
          direction: point ? 'top' : 'center',
          offset: point ? [0, -8] : [0, 0],
          className: 'plan-shape-label',
        });
        layer.addTo(map);
        known.set(id, created);
        entry = created;
      }
      const { kind } = feature.properties;
      entry.layer.setStyle(shapeStyle(kind, { picked: picked?.has(feature.id), dimmed: Boolean(pickable) && pickable !== kind }));
      // As text: a shape's name is the user's, never markup.
      const label = document.createElement('span');
      label.textContent = labelOf(feature);
      entry.layer.setTooltipContent(label);
    }
  }, [shapes, labelOf, pickable, picked]);

  useEffect(() => {
    const map = mapRef.current!;
    if (!tool) return undefined;
    if (tool === 'scale') {
      return startScaleTool(map, (from, to) => {
        callbacks.current.onScaleLine?.(from, to);
        callbacks.current.onToolEnd?.();
      });
    }
    if (tool === 'edit') {
      map.pm.enableGlobalEditMode({ allowSelfIntersection: false });
      return () => map.pm.disableGlobalEditMode();
    }
    const style = shapeStyle(tool);
    map.pm.enableDraw(GEOMAN_SHAPES[tool], {
      pathOptions: style,
      templineStyle: { color: KIND_COLORS[tool] },
      hintlineStyle: { color: KIND_COLORS[tool], dashArray: [5, 5] },
      // One shape per tool, points too (Geoman goes on placing markers): then it is named.
      continueDrawing: false,
    });
    return () => {
      switching.current = true;
      map.pm.disableDraw();
      switching.current = false;
    };
  }, [tool]);

  return (
    <Box
      ref={container}
      role="application"
      aria-label={props['aria-label']}
      sx={{
        height: { xs: '60vh', md: 520 },
        minHeight: 280,
        width: '100%',
        bgcolor: '#fafafa',
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        '& .plan-shape-label': { fontSize: 12, fontWeight: 600, py: 0.25, px: 0.75 },
      }}
    />
  );
}
