import { asc, eq } from 'drizzle-orm';
import { workAreas } from '../../src/schema';
import { copyName as domainCopyName } from '../../src/domain/copies';
import type { Db } from '../db/connection';
import * as tables from '../db/entityTables';
import type { WriteContext } from '../crud/hookTypes';
import { getRecord } from '../crud/records';
import { lockEstimateOfAreaForChange } from './locks';
import { addPricedAreas, lineDraft } from './pricedAreas';

/** "Front Lawn" → "Front Lawn (copy)" within a work area's name limit unless another is given. */
export function copyName(name: string, max = workAreas.field('name')!.max!): string {
  return domainCopyName(name, max);
}

/**
 * A copy of a work area in the same estimate, with its tax, inclusion, notes and items
 * (figures copied, totals recomputed), added last. Answers the new area's id.
 */
export async function cloneWorkArea(tx: Db, workAreaID: number, context: WriteContext): Promise<number> {
  const estimateID = await lockEstimateOfAreaForChange(tx, workAreaID);
  const area = await getRecord(tx, workAreas, workAreaID);
  const itemTable = tables.workAreaItems;
  const items = await tx.select().from(itemTable).where(eq(itemTable.workAreaID, workAreaID)).orderBy(asc(itemTable.id));
  const [id] = await addPricedAreas(
    tx,
    estimateID,
    [
      {
        name: copyName(area.name as string),
        tax: area.tax,
        isIncluded: area.isIncluded,
        notes: area.notes,
        snowPricing: area.snowPricing,
        items: items.map((item) => lineDraft(item)),
      },
    ],
    context,
  );
  return id;
}
