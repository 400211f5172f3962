/**
 * A site's plan as a picture for print (issue 42): the plan image's large version (or a light grid
 * when there is none) with its shapes drawn over it — areas and lines coloured by kind with
 * see-through fills, points as dots — each labelled with its name and measure. Drawn with sharp on
 * a heavy-work thread (server/heavyWorker.ts loads this module): an SVG overlay composited on the
 * image, a PNG at most PICTURE_MAX px on its longer side.
 */
import type { PlanPicture } from '../documents/planPage';
import { createRequire } from 'node:module';
import type { OverlayOptions } from 'sharp';
import { imageEngine } from '../work/imageEngine';
import { BLANK_GRID_UNITS, labelPoint, shapeLabel, type PlanFeature, type PlanPosition, type PlanShapes } from '../../src/domain/sitePlan';
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

const LABEL_FONT = createRequire(import.meta.url).resolve('pdfmake/build/fonts/Roboto/Roboto-Medium.ttf');

const KIND_COLOURS = { area: '#2e7d32', line: '#1565c0', point: '#d84315' } as const;

const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

const fixed = (n: number) => (Math.round(n * 10) / 10).toString();

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

/** A shape's outline in the overlay, and where its label goes (in pixels; `start`: to the right of a point). */
function shapeSvg(feature: PlanFeature, scale: number, fontSize: number): { shape: string; label: LabelPlace } {
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
    anchor = labelPoint(geometry.coordinates);
  } else if (geometry.type === 'LineString') {
    shape = `<path d="M${geometry.coordinates.map(at).join('L')}" fill="none" stroke="${colour}" stroke-width="${fixed(stroke * 1.5)}" stroke-linecap="round" stroke-linejoin="round" stroke-opacity="0.85"/>`;
    anchor = lineMiddle(geometry.coordinates);
  } else {
    const [x, y] = geometry.coordinates;
    shape = `<circle cx="${fixed(x * scale)}" cy="${fixed(y * scale)}" r="${fixed(fontSize / 2.5)}" fill="${colour}" fill-opacity="0.8" stroke="#fff" stroke-width="${fixed(stroke / 2)}"/>`;
    anchor = geometry.coordinates;
    dx = fontSize * 0.6;
  }
  return { shape, label: { text: shapeLabel(feature), x: anchor[0] * scale + dx, y: anchor[1] * scale, start: dx > 0 } };
}

interface LabelPlace {
  text: string;
  x: number;
  y: number;
  start: boolean;
}

/**
 * A label set in the documents' own Roboto (pdfmake's file, so no font need be installed) on a
 * see-through white band, placed on its anchor and kept inside the picture; none when it is wider.
 */
async function labelOverlay(place: LabelPlace, fontSize: number, width: number, height: number): Promise<OverlayOptions | null> {
  const sharp = await imageEngine();
  const markup = `<span foreground="#1a1a1a" background="#ffffff" bgalpha="75%"> ${escapeXml(place.text)} </span>`;
  const { data, info } = await sharp({
    text: { text: markup, font: `Roboto Medium ${fontSize}px`, fontfile: LABEL_FONT, rgba: true, dpi: 72 },
  })
    .png()
    .toBuffer({ resolveWithObject: true });
  if (info.width > width || info.height > height) return null;
  const left = Math.round(place.start ? place.x : place.x - info.width / 2);
  const top = Math.round(place.y - info.height / 2);
  return { input: data, left: Math.min(Math.max(0, left), width - info.width), top: Math.min(Math.max(0, top), height - info.height) };
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
  const fontSize = Math.max(14, Math.round(Math.max(width, height) / 55));
  const drawn = input.shapes.features.map((feature) => shapeSvg(feature, scale, fontSize));
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    (grid ? gridSvg(input.width, input.height, scale) : '') +
    drawn.map((d) => d.shape).join('') +
    '</svg>';
  const labels: OverlayOptions[] = [];
  for (const { label } of drawn) {
    const overlay = await labelOverlay(label, fontSize, width, height);
    if (overlay) labels.push(overlay);
  }
  const sharp = await imageEngine();
  const base = grid
    ? sharp({ create: { width, height, channels: 3, background: '#ffffff' } })
    : sharp(bufferOf(input.image!), { limitInputPixels: INPUT_PIXELS_MAX }).resize(width, height, { fit: 'fill' });
  const png = await base
    .composite([{ input: Buffer.from(svg), top: 0, left: 0 }, ...labels])
    // A palette of 256 colours keeps a photo plan a third the size, for a proposal that goes by mail.
    .png({ palette: true, quality: 90, compressionLevel: 9 })
    .toBuffer();
  return { png, width, height };
}

/** Drawn on a heavy-work thread. */
export const sitePlanPictureTask = defineHeavyTask('sitePlanPicture', drawPlanPicture);
