import { lockEstimateForChange } from './locks';
import { recomputeAreaSubtotal, recomputeEstimateSubtotal } from './subtotals';
import type { EntityHooks } from '../crud/hookTypes';
import { registerEntityHooks } from '../crud/entityHooks';

/**
 * Work areas: written under their estimate's lock; an area's inclusion (and its going)
 * changes the estimate's subtotal, recomputed in the same transaction. Notes are written on
 * their own (PUT /api/workAreas/:id/notes), so the area form never overwrites them.
 */
export const workAreaHooks: EntityHooks = {
  lock: (tx, record) => lockEstimateForChange(tx, record.estimateID as number),
  async serverValues(_tx, _values, { existing }) {
    return existing ? { notes: existing.notes } : {};
  },
  async afterWrite(tx, record, { context, deleted }) {
    // A snow price sheet given or taken away changes the area's own subtotal (issue 41).
    if (!deleted) await recomputeAreaSubtotal(tx, record.id as number, ['snowPricing']);
    await recomputeEstimateSubtotal(tx, record.estimateID as number, context, deleted ? [] : ['isIncluded']);
  },
};

registerEntityHooks('workAreas', workAreaHooks);
