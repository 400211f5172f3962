import { eq } from 'drizzle-orm';
import { NEW_ESTIMATE_STATUS } from '../../../src/domain/estimates';
import * as tables from '../../db/entityTables';
import type { EntityHooks } from '../hookTypes';

/**
 * An estimate is made In Progress, unarchived and undiscounted, for its site's customer
 * (copied so lists can show, search and sort by the customer's name; sites never move, so
 * the copy stays true). Every write records who made it.
 */
export const estimateHooks: EntityHooks = {
  async serverValues(tx, values, { existing, context, read }) {
    const updatedBy = context.userId ?? existing?.updatedBy ?? null;
    if (existing) return { updatedBy };
    // Created under its site (the nested route), the site is read already.
    const siteTable = tables.sites;
    const [site] = read.siteID
      ? [read.siteID]
      : await tx
          .select({ customerID: siteTable.customerID })
          .from(siteTable)
          .where(eq(siteTable.id, values.siteID as number));
    return { customerID: site.customerID, updatedBy, status: NEW_ESTIMATE_STATUS, isArchived: false, discount: 0 };
  },
};
