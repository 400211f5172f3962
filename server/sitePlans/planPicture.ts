/**
 * A site's plan as a picture for print (issue 42): the plan image's large version (or a light grid
 * when there is none) with its shapes drawn over it — areas and lines coloured by kind with
 * see-through fills, points as dots — each labelled with its name and measure. Drawn with sharp on
 * a heavy-work thread (server/heavyWorker.ts loads this module): an SVG overlay composited on the
 * image, a PNG at most PICTURE_MAX px on its longer side.
 */
import type { PlanPicture } from '../documents/planPage';
import sharp from 'sharp';
import { BLANK_GRID_UNITS, shapeLabel, type PlanFeature, type PlanPosition, type PlanShapes } from '../../src/domain/sitePlan';
import { bufferOf, defineHeavyTask } from '../work/featureTasks';

export const PICTURE_MAX = 2000;
/** A blank grid prints at this many pixels a side. */
const GRID_PICTURE = 1000;
/** What sharp may decode of a stored large version (at most 2,048 px a side, with room to spare). */
const INPUT_PIXELS_MAX = 4096 * 4096;

export interface PlanPictureInput {
  /** The plan image's large version; null: a blank grid. */
  image: Uint8Array | null;
  /** The plan's extent in plan units (the large version's pixels, or the grid's side). */
  width: number;
  height: number;
  shapes: PlanShapes;
}

const KIND_COLOURS = { area: '#2e7d32', line: '#1565c0', point: '#d84315' } as const;

const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

const fixed = (n: number) => (Math.round(n * 10) / 10).toString();

/** The centroid of a ring, or its corners' mean when it is too thin to have one. */
function ringCentre(ring: readonly PlanPosition[]): PlanPosition {
  let twice = 0;
  let cx = 0;
  let cy = 0;
  for (let i = 0; i < ring.length - 1; i++) {
    const [x1, y1] = ring[i];
    const [x2, y2] = ring[i + 1];
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

/** The point halfway along a line. */
function lineMiddle(coords: readonly PlanPosition[]): PlanPosition {
  const lengths = coords.slice(1).map((p, i) => Math.hypot(p[0] - coords[i][0], p[1] - coords[i][1]));
  let left = lengths.reduce((sum, length) => sum + length, 0) / 2;
  for (let i = 0; i < lengths.length; i++) {
    if (left <= lengths[i] && lengths[i] > 0) {
      const t = left / lengths[i];
      return [coords[i][0] + t * (coords[i + 1][0] - coords[i][0]), coords[i][1] + t * (coords[i + 1][1] - coords[i][1])];
    }
    left -= lengths[i];
  }
  return coords[0];
}

function shapeSvg(feature: PlanFeature, scale: number, fontSize: number): { shape: string; label: string } {
  const colour = KIND_COLOURS[feature.properties.kind];
  const at = ([x, y]: PlanPosition) => `${fixed(x * scale)} ${fixed(y * scale)}`;
  const stroke = Math.max(2, fontSize / 6);
  let shape: string;
  let anchor: PlanPosition;
  let dx = 0;
  const { geometry } = feature;
  if (geometry.type === 'Polygon') {
    const d = geometry.coordinates.map((ring) => `M${ring.map(at).join('L')}Z`).join('');
    shape = `<path d="${d}" fill="${colour}" fill-opacity="0.3" fill-rule="evenodd" stroke="${colour}" stroke-width="${fixed(stroke)}"/>`;
    anchor = ringCentre(geometry.coordinates[0]);
  } else if (geometry.type === 'LineString') {
    shape = `<path d="M${geometry.coordinates.map(at).join('L')}" fill="none" stroke="${colour}" stroke-width="${fixed(stroke * 1.5)}" stroke-linecap="round" stroke-linejoin="round" stroke-opacity="0.85"/>`;
    anchor = lineMiddle(geometry.coordinates);
  } else {
    const [x, y] = geometry.coordinates;
    shape = `<circle cx="${fixed(x * scale)}" cy="${fixed(y * scale)}" r="${fixed(fontSize / 2.5)}" fill="${colour}" fill-opacity="0.8" stroke="#fff" stroke-width="${fixed(stroke / 2)}"/>`;
    anchor = geometry.coordinates;
    dx = fontSize * 0.7;
  }
  const [x, y] = anchor;
  const label = `<text x="${fixed(x * scale + dx)}" y="${fixed(y * scale)}" text-anchor="${dx ? 'start' : 'middle'}" dominant-baseline="middle">${escapeXml(shapeLabel(feature))}</text>`;
  return { shape, label };
}

function gridSvg(width: number, height: number, scale: number): string {
  const lines: string[] = [];
  for (let u = 0; u <= Math.max(width, height); u += 10) {
    const major = u % 50 === 0;
    const attrs = `stroke="${major ? '#c5cbd3' : '#e6e9ed'}" stroke-width="${major ? 1.5 : 1}"`;
    if (u <= width) lines.push(`<line x1="${fixed(u * scale)}" y1="0" x2="${fixed(u * scale)}" y2="${fixed(height * scale)}" ${attrs}/>`);
    if (u <= height) lines.push(`<line x1="0" y1="${fixed(u * scale)}" x2="${fixed(width * scale)}" y2="${fixed(u * scale)}" ${attrs}/>`);
  }
  return lines.join('');
}

/** The plan drawn as a PNG; the image, when there is one, stretched to the plan's extent. */
export async function drawPlanPicture(input: PlanPictureInput): Promise<PlanPicture> {
  const grid = input.image === null;
  const longer = Math.max(input.width, input.height, 1);
  const scale = grid ? GRID_PICTURE / Math.max(longer, BLANK_GRID_UNITS) : Math.min(1, PICTURE_MAX / longer);
  const width = Math.max(1, Math.round(input.width * scale));
  const height = Math.max(1, Math.round(input.height * scale));
  const fontSize = Math.max(12, Math.round(Math.max(width, height) / 70));
  const drawn = input.shapes.features.map((feature) => shapeSvg(feature, scale, fontSize));
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    (grid ? gridSvg(input.width, input.height, scale) : '') +
    drawn.map((d) => d.shape).join('') +
    `<g font-family="Roboto, 'DejaVu Sans', 'Liberation Sans', Arial, sans-serif" font-size="${fontSize}" font-weight="bold" fill="#1a1a1a" stroke="#ffffff" stroke-width="${fixed(fontSize / 4)}" stroke-linejoin="round" paint-order="stroke">` +
    drawn.map((d) => d.label).join('') +
    '</g></svg>';
  const base = grid
    ? sharp({ create: { width, height, channels: 3, background: '#ffffff' } })
    : sharp(bufferOf(input.image!), { limitInputPixels: INPUT_PIXELS_MAX }).resize(width, height, { fit: 'fill' });
  const png = await base
    .composite([{ input: Buffer.from(svg), top: 0, left: 0 }])
    .png({ compressionLevel: 9 })
    .toBuffer();
  return { png, width, height };
}

/** Drawn on a heavy-work thread. */
export const sitePlanPictureTask = defineHeavyTask('sitePlanPicture', drawPlanPicture);
