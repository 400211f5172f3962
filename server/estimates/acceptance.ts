import { and, eq, inArray, sql } from 'drizzle-orm';
import { ESTIMATE_STATUS } from '../../src/domain/estimates';
import type { Db } from '../db/connection';
import * as tables from '../db/entityTables';
import { recomputeEstimateSubtotal } from './subtotals';

/**
 * A signature's mark on its estimate (online, issue 22, or on paper, issue 40), under the
 * estimate's lock: its work areas included exactly as accepted, its subtotal recomputed and its
 * status Contract Signed.
 */
export async function applyAcceptance(tx: Db, estimateID: number, accepted: readonly number[]): Promise<void> {
  const areas = tables.workAreas;
  const chosen = accepted.length ? inArray(areas.id, [...accepted]) : sql`false`;
  await tx
    .update(areas)
    .set({ isIncluded: true, version: sql`${areas.version} + 1`, updatedAt: sql`now()` })
    .where(and(eq(areas.estimateID, estimateID), eq(areas.isIncluded, false), chosen));
  await tx
    .update(areas)
    .set({ isIncluded: false, version: sql`${areas.version} + 1`, updatedAt: sql`now()` })
    .where(and(eq(areas.estimateID, estimateID), eq(areas.isIncluded, true), sql`not (${chosen})`));
  await recomputeEstimateSubtotal(tx, estimateID, {});
  const estimates = tables.estimates;
  await tx
    .update(estimates)
    .set({ status: ESTIMATE_STATUS.contractSigned, version: sql`${estimates.version} + 1` })
    .where(eq(estimates.id, estimateID));
}
