import { eq } from 'drizzle-orm';
import { NEW_ESTIMATE_STATUS } from '../../src/domain/estimates';
import * as tables from '../db/entityTables';
import { lockEstimateForChange } from './locks';
import type { EntityHooks } from '../crud/hookTypes';
import { registerEntityHooks } from '../crud/entityHooks';
import { CUSTOM_COLUMN } from '../db/tableFromEntity';
import { sameCustomValues } from '../../src/schema/customFields';
import { lostReasonValues } from './lostReasonCheck';

/**
 * The office's bookkeeping of an estimate, not what it proposes: changing only these does not
 * start a new revision (marking an estimate Lost or archiving it does not withdraw its proposal).
 */
const BOOKKEEPING_FIELDS = new Set(['status', 'isArchived', 'lostReason', 'lostNote']);

/** Whether an update changes one of the estimate's own fields beyond its bookkeeping. */
function changesContent(values: Record<string, unknown>, existing: Record<string, unknown>): boolean {
  return Object.entries(values).some(([field, value]) => {
    if (BOOKKEEPING_FIELDS.has(field)) return false;
    return field === CUSTOM_COLUMN ? !sameCustomValues(value, existing[field]) : value !== existing[field];
  });
}

/**
 * An estimate is made In Progress, unarchived and undiscounted, for its site's customer
 * (copied so lists can show, search and sort by the customer's name; sites never move, so
 * the copy stays true). Every write records who made it, and a lost one why (./lostReasonCheck.ts). An update that changes the estimate
 * starts its next revision when the current one was sent (server/estimates/revisions.ts).
 */
export const estimateHooks: EntityHooks = {
  async serverValues(tx, values, { existing, context, read }) {
    const updatedBy = context.userId ?? existing?.updatedBy ?? null;
    if (existing) {
      if (changesContent(values, existing)) await lockEstimateForChange(tx, existing.id as number);
      return { updatedBy, ...(await lostReasonValues(tx, values, existing)) };
    }
    // Created under its site (the nested route), the site is read already.
    const siteTable = tables.sites;
    const [site] = read.siteID
      ? [read.siteID]
      : await tx
          .select({ customerID: siteTable.customerID })
          .from(siteTable)
          .where(eq(siteTable.id, values.siteID as number));
    return {
      customerID: site.customerID,
      updatedBy,
      status: NEW_ESTIMATE_STATUS,
      isArchived: false,
      discount: 0,
      lostReason: null,
      lostNote: null,
    };
  },
};

registerEntityHooks('estimates', estimateHooks);
