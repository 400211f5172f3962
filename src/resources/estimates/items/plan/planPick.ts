/**
 * What picking shapes on the plan gives an item: the shapes of one kind, what each measures and
 * their total, as the item's plan measure (src/domain/planMeasure.ts).
 */
import { measuredTotal, type MeasuredShape, type PlanMeasure, type PlanMeasureUnit } from '../../../../domain/planMeasure';
import { shapeMeasure, type PlanFeature } from '../../../../domain/sitePlan';

export type PickKind = 'area' | 'line';

export const PICK_UNITS: Record<PickKind, PlanMeasureUnit> = { area: 'sqft', line: 'ft' };

/** The shape as the server measured it (what changedShapes compares with later); null for a point or with no scale. */
export function measuredShape(feature: PlanFeature): MeasuredShape | null {
  const measure = shapeMeasure(feature);
  return measure ? { id: feature.id, name: feature.properties.name, value: measure.value } : null;
}

/** The picked shapes, in the plan's order, as the item's measure; null when none is picked. */
export function pickedMeasure(features: readonly PlanFeature[], kind: PickKind, picked: ReadonlySet<string>): PlanMeasure | null {
  const shapes = features
    .filter((feature) => feature.properties.kind === kind && picked.has(feature.id))
    .map(measuredShape)
    .filter((shape): shape is MeasuredShape => shape !== null);
  return shapes.length ? { shapes, unit: PICK_UNITS[kind], total: measuredTotal(shapes) } : null;
}
