import { eq } from 'drizzle-orm';
import { estimates, workAreas } from '../../src/schema';
import type { Db } from '../db/connection';
import * as tables from '../db/entityTables';
import { notFound, notFoundMessage } from '../errors';
import { lockForChange } from './revisions';

/**
 * The locking rule of every write under an estimate: lock the estimate row first
 * (`SELECT … FOR UPDATE`), then write and recompute. Under READ COMMITTED two writes in one
 * estimate would otherwise each sum the items without the other's row; with the lock they
 * take turns, so every stored subtotal equals the sum it stands for. Always the estimate
 * first, then its areas and items: one order, no deadlocks.
 */
export async function lockEstimate(tx: Db, estimateID: number): Promise<void> {
  const table = tables.estimates;
  const idColumn = table.id;
  const [row] = await tx.select({ id: idColumn }).from(table).where(eq(idColumn, estimateID)).for('update');
  if (!row) throw notFound(notFoundMessage(estimates));
}

/** The estimate a work area belongs to (areas never move, so no lock is needed to ask). */
export async function estimateOfArea(tx: Db, workAreaID: number): Promise<number> {
  const table = tables.workAreas;
  const [row] = await tx.select({ estimateID: table.estimateID }).from(table).where(eq(table.id, workAreaID));
  if (!row) throw notFound(notFoundMessage(workAreas));
  return row.estimateID;
}

/** Locks the estimate of a work area; answers the estimate's id. */
export async function lockEstimateOfArea(tx: Db, workAreaID: number): Promise<number> {
  const estimateID = await estimateOfArea(tx, workAreaID);
  await lockEstimate(tx, estimateID);
  return estimateID;
}

/**
 * The lock of a write that changes the estimate's content (its fields, an area, an item, a
 * note, a template, a clone, a restore): the estimate's lock, and the next revision started
 * when the current one was frozen by a sent proposal (./revisions.ts). Sending and the
 * client's answers take the plain lock.
 */
export async function lockEstimateForChange(tx: Db, estimateID: number): Promise<void> {
  await lockForChange(tx, estimateID);
}

/** lockEstimateForChange for the estimate of a work area; answers the estimate's id. */
export async function lockEstimateOfAreaForChange(tx: Db, workAreaID: number): Promise<number> {
  const estimateID = await estimateOfArea(tx, workAreaID);
  await lockForChange(tx, estimateID);
  return estimateID;
}
