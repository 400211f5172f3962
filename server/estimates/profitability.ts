import { asc, eq } from 'drizzle-orm';
import { estimates } from '../../src/schema';
import { COMPANY_PROFILE_ID } from '../../src/schema/companyProfile';
import { type Costing, type CostedLine, estimateProfitability, type EstimateProfitability } from '../../src/domain/profitability';
import type { Db } from '../db/connection';
import * as tables from '../db/entityTables';
import { companyProfile } from '../db/tables/company';
import { getRecord, inTransaction } from '../crud/records';

/** The company's costing figures (Settings › Company › Costing); the defaults before the profile is saved. */
export async function loadCosting(db: Db): Promise<Costing> {
  const [row] = await db
    .select({
      laborRate: companyProfile.laborRate,
      overheadPerHour: companyProfile.overheadPerHour,
      targetMarginPercent: companyProfile.targetMarginPercent,
    })
    .from(companyProfile)
    .where(eq(companyProfile.id, COMPANY_PROFILE_ID));
  return row ?? {};
}

/**
 * GET /api/estimates/:id/profitability: src/domain/profitability.ts over the estimate's stored
 * figures (its discount, its areas' subtotals, its lines' costs and crew hours) and the
 * company's costing, read in one transaction so they are of one moment. 404 when unknown.
 */
export async function readEstimateProfitability(db: Db, estimateID: number): Promise<EstimateProfitability> {
  return inTransaction(db, async (tx) => {
    const estimate = await getRecord(tx, estimates, estimateID);
    const areaTable = tables.workAreas;
    const itemTable = tables.workAreaItems;
    const [areas, lines, costing] = await Promise.all([
      tx
        .select({ id: areaTable.id, subtotal: areaTable.subtotal, isIncluded: areaTable.isIncluded })
        .from(areaTable)
        .where(eq(areaTable.estimateID, estimateID))
        .orderBy(asc(areaTable.id)),
      tx
        .select({ workAreaID: itemTable.workAreaID, totalCost: itemTable.totalCost, laborHours: itemTable.laborHours })
        .from(itemTable)
        .innerJoin(areaTable, eq(itemTable.workAreaID, areaTable.id))
        .where(eq(areaTable.estimateID, estimateID))
        .orderBy(asc(itemTable.id)),
      loadCosting(tx),
    ]);
    const byArea = new Map<number, CostedLine[]>(areas.map((area) => [area.id, []]));
    for (const { workAreaID, ...line } of lines) byArea.get(workAreaID)?.push(line);
    return estimateProfitability(
      { discount: estimate.discount, areas: areas.map((area) => ({ ...area, items: byArea.get(area.id) ?? [] })) },
      costing,
    );
  });
}
