import { itemTotals } from '../../../src/domain/pricing';
import { estimateOfArea, lockEstimateOfArea } from '../../estimates/locks';
import { recomputeAreaSubtotal, recomputeEstimateSubtotal } from '../../estimates/subtotals';
import type { EntityHooks } from '../entityHooks';

/**
 * Work area items: the server is the authority on money. totalCost and totalPrice are
 * computed from the stored quantity and unit figures (what a client sends for them is never
 * stored), then the area's and the estimate's subtotals, under the estimate's lock.
 */
export const workAreaItemHooks: EntityHooks = {
  lock: async (tx, record) => {
    await lockEstimateOfArea(tx, record.workAreaID as number);
  },
  serverValues: async (_tx, values) => ({ ...itemTotals(values as never) }),
  async afterWrite(tx, record, { context }) {
    const workAreaID = record.workAreaID as number;
    await recomputeAreaSubtotal(tx, workAreaID);
    await recomputeEstimateSubtotal(tx, await estimateOfArea(tx, workAreaID), context);
  },
};
