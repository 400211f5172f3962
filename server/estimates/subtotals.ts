import { asc, eq, sql } from 'drizzle-orm';
import { workAreas } from '../../src/schema';
import { decimalLimit } from '../../src/schema/validate';
import { estimateSubtotal, workAreaSubtotal } from '../../src/domain/pricing';
import { formatMoney } from '../../src/domain/money';
import type { Db } from '../db/connection';
import * as tables from '../db/entityTables';
import { formInvalid } from '../errors';
import type { WriteContext } from '../crud/hookTypes';

/**
 * Stored subtotals, recomputed with src/domain/pricing.ts after every write under an
 * estimate, in that write's transaction and under its estimate lock (./locks.ts). They are
 * server-managed: recomputing them changes neither the area's nor the estimate's `version`,
 * so a form opened before an item was added still saves.
 */

/**
 * A subtotal beyond its numeric(12,2) column is refused (400) instead of failing in SQL,
 * naming the fields of the write that took it there (`blame`), else `subtotal`.
 */
export function storable(amount: number, what: string, blame: readonly string[]): number {
  const limit = decimalLimit(workAreas.field('subtotal')!);
  if (!(Math.abs(amount) < limit)) {
    const message = `${what} cannot exceed ${formatMoney(limit - 0.01)}.`;
    throw formInvalid(Object.fromEntries((blame.length ? blame : ['subtotal']).map((field) => [field, message])));
  }
  return amount;
}

/** Σ totalPrice of the area's items (an expected snow season for an area priced as snow), stored on the area. */
export async function recomputeAreaSubtotal(tx: Db, workAreaID: number, blame: readonly string[] = []): Promise<number> {
  const itemTable = tables.workAreaItems;
  const areaTable = tables.workAreas;
  // One statement: the area's sheet beside its items' prices (a row per item, one with none).
  const rows = await tx
    .select({ snowPricing: areaTable.snowPricing, totalPrice: itemTable.totalPrice })
    .from(areaTable)
    .leftJoin(itemTable, eq(itemTable.workAreaID, areaTable.id))
    .where(eq(areaTable.id, workAreaID));
  const items = rows.filter((row) => row.totalPrice !== null);
  const subtotal = storable(workAreaSubtotal(items, rows[0]?.snowPricing), 'The work area subtotal', blame);
  await tx.update(areaTable).set({ subtotal }).where(eq(areaTable.id, workAreaID));
  return subtotal;
}

/**
 * Σ subtotal of the estimate's included areas, stored on the estimate, which is marked as
 * changed now by the user making the write (updatedBy, updatedAt).
 */
export async function recomputeEstimateSubtotal(
  tx: Db,
  estimateID: number,
  context: WriteContext,
  blame: readonly string[] = [],
): Promise<number> {
  const areaTable = tables.workAreas;
  const estimateTable = tables.estimates;
  const areas = await tx
    .select({ subtotal: areaTable.subtotal, tax: areaTable.tax, isIncluded: areaTable.isIncluded })
    .from(areaTable)
    .where(eq(areaTable.estimateID, estimateID))
    .orderBy(asc(areaTable.id));
  const subtotal = storable(estimateSubtotal(areas), 'The estimate subtotal', blame);
  const changes: Record<string, unknown> = { subtotal, updatedAt: sql`now()` };
  if (context.userId !== undefined) changes.updatedBy = context.userId;
  await tx.update(estimateTable).set(changes).where(eq(estimateTable.id, estimateID));
  return subtotal;
}
