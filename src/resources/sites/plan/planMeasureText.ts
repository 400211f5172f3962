/**
 * The plan's shapes measured as the user draws: the domain's square and linear feet at the
 * draft's scale (what the server computes again on Save), and the plan's words for them.
 */
import { linearFeet, shapeMeasureWords, squareFeet, type PlanFeature, type PlanPosition } from '../../../domain/sitePlan';
import type { PlanMeasureUnit } from '../../../domain/planMeasure';

/** The feature with its measure at this scale (none while the scale is not set). */
export function measuredFeature(feature: PlanFeature, feetPerUnit: number | null): PlanFeature {
  const { squareFeet: _area, linearFeet: _length, ...properties } = feature.properties;
  const { geometry } = feature;
  if (feetPerUnit && geometry.type === 'Polygon')
    return { ...feature, properties: { ...properties, squareFeet: squareFeet(geometry.coordinates, feetPerUnit) } };
  if (feetPerUnit && geometry.type === 'LineString')
    return { ...feature, properties: { ...properties, linearFeet: linearFeet(geometry.coordinates, feetPerUnit) } };
  return { ...feature, properties };
}

const sketch = (kind: 'area' | 'line', points: PlanPosition[]): PlanFeature => ({
  type: 'Feature',
  id: 'drawing',
  geometry: kind === 'area' ? { type: 'Polygon', coordinates: [points] } : { type: 'LineString', coordinates: points },
  properties: { name: '', kind },
});

/** "1,240 ft²" for a shape being drawn (its points so far and the cursor), or null before it measures anything. */
export function drawingWords(kind: 'area' | 'line', points: PlanPosition[], feetPerUnit: number | null): string | null {
  if (!feetPerUnit || points.length < 2) return null;
  return shapeMeasureWords(measuredFeature(sketch(kind, points), feetPerUnit)) || null;
}

const wholeFeet = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** A total in the plan's words: "2,550 ft²", "140 ft". */
export const totalWords = (value: number, unit: PlanMeasureUnit) => `${wholeFeet.format(value)} ${unit === 'sqft' ? 'ft²' : 'ft'}`;

/** "Areas 2,550 ft² · Lines 140 ft": the measured shapes' totals by kind, or null when none measures anything. */
export function planTotals(shapes: readonly PlanFeature[]): string | null {
  let area: number | null = null;
  let length: number | null = null;
  for (const { properties } of shapes) {
    if (properties.squareFeet !== undefined) area = (area ?? 0) + properties.squareFeet;
    if (properties.linearFeet !== undefined) length = (length ?? 0) + properties.linearFeet;
  }
  const parts = [area !== null && `Areas ${totalWords(area, 'sqft')}`, length !== null && `Lines ${totalWords(length, 'ft')}`];
  const words = parts.filter(Boolean);
  return words.length ? words.join(' · ') : null;
}
