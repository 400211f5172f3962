import { eq } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { sites } from '../../../src/schema';
import { NEW_ESTIMATE_STATUS } from '../../../src/domain/estimates';
import { tableOf } from '../../db/entityTables';
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
    const siteTable = tableOf(sites.name);
    const [site] = read.siteID
      ? [read.siteID]
      : await tx
          .select({ customerID: siteTable.customerID as PgColumn })
          .from(siteTable)
          .where(eq(siteTable.id as PgColumn, values.siteID as number));
    return { customerID: site.customerID, updatedBy, status: NEW_ESTIMATE_STATUS, isArchived: false, discount: 0 };
  },
};
