import { workAreaItems } from '../../src/schema';
import { decimalLimit } from '../../src/schema/validate';
import { formatMoney } from '../../src/domain/money';
import { itemTotals } from '../../src/domain/pricing';
import { lineLaborHours } from '../../src/domain/profitability';
import { withCatalogueKind, withNewCatalogueKind } from './lineKinds';
import { formInvalid } from '../errors';
import { estimateOfArea, lockEstimateForChange } from './locks';
import { recomputeAreaSubtotal, recomputeEstimateSubtotal } from './subtotals';
import type { EntityHooks } from '../crud/hookTypes';
import { registerEntityHooks } from '../crud/entityHooks';

/**
 * Work area items: the server is the authority on money. totalCost and totalPrice are
 * computed from the stored quantity and unit figures (what a client sends for them is never
 * stored), then the area's and the estimate's subtotals, under the estimate's lock. So are
 * laborHours (quantity × hoursPerUnit); a line naming a catalogue item without its kind or
 * hours per unit gets them from the item (server/estimates/lineKinds.ts).
 */
export const workAreaItemHooks: EntityHooks = {
  // The area, when the write has read it (a nested create's parent), leads to its estimate;
  // afterWrite finds the estimate through the area the lock answers.
  lock: async (tx, record, read) => {
    const workAreaID = record.workAreaID as number;
    const estimateID = (read.workAreaID?.estimateID as number | undefined) ?? (await estimateOfArea(tx, workAreaID));
    await lockEstimateForChange(tx, estimateID);
    return { workAreaID: read.workAreaID ?? { id: workAreaID, estimateID } };
  },
  prepareCreate: (db, body) => withCatalogueKind(db, body),
  prepareUpdate: (db, body, existing) => withNewCatalogueKind(db, body, existing),
  async serverValues(_tx, values) {
    const totals = { ...itemTotals(values as never), laborHours: lineLaborHours(values as never) };
    // A product beyond its column names the figures the user typed.
    const errors: Record<string, string> = {};
    for (const [total, unit] of [
      ['totalCost', 'unitCost'],
      ['totalPrice', 'unitPrice'],
      ['laborHours', 'hoursPerUnit'],
    ] as const) {
      const limit = decimalLimit(workAreaItems.field(total)!);
      if (!(Math.abs(totals[total]) >= limit)) continue;
      const largest = total === 'laborHours' ? `${(limit - 0.01).toLocaleString('en-US')} hours` : formatMoney(limit - 0.01);
      const message = `Quantity × ${workAreaItems.field(unit)!.label} cannot exceed ${largest}.`;
      errors.quantity ??= message;
      errors[unit] = message;
    }
    if (Object.keys(errors).length) throw formInvalid(errors);
    return { ...totals };
  },
  async afterWrite(tx, record, { context, read, deleted }) {
    const workAreaID = record.workAreaID as number;
    const blame = deleted ? [] : ['quantity', 'unitPrice'];
    await recomputeAreaSubtotal(tx, workAreaID, blame);
    const estimateID = (read.workAreaID?.estimateID as number | undefined) ?? (await estimateOfArea(tx, workAreaID));
    await recomputeEstimateSubtotal(tx, estimateID, context, blame);
  },
};

registerEntityHooks('workAreaItems', workAreaItemHooks);
