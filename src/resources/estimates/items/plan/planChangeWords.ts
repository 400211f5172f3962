import type { PlanMeasure } from '../../../../domain/planMeasure';
import type { ShapeChange } from '../../../../domain/sitePlan';
import { totalWords } from '../../../sites/plan/planMeasureText';

/**
 * "Measured on the plan: Front bed changed since (was 1,240 ft², now 1,310 ft²)." — what an item
 * measured on the plan says when its shapes changed after (null: none did).
 */
export function planChangeWords(measure: PlanMeasure, changes: readonly ShapeChange[]): string | null {
  if (changes.length === 0) return null;
  const parts = changes.map(({ name, was, now }) =>
    now === null
      ? `${name} was removed or can no longer be measured (was ${totalWords(was, measure.unit)})`
      : `${name} changed since (was ${totalWords(was, measure.unit)}, now ${totalWords(now, measure.unit)})`,
  );
  return `Measured on the plan: ${parts.join('; ')}.`;
}

/** "Front bed, Side bed: 2,550 ft²" (and the depth of a fill measure). */
export function measureSummary(measure: PlanMeasure): string {
  const depth = measure.depthInches ? ` at ${measure.depthInches} in deep` : '';
  return `${measure.shapes.map((shape) => shape.name).join(', ')}: ${totalWords(measure.total, measure.unit)}${depth}`;
}
