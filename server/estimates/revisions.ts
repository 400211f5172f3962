import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { estimates as estimateEntity } from '../../src/schema';
import { estimatePricing } from '../../src/domain/pricing';
import { isSnowSheet } from '../../src/domain/snowPricing';
import type { RevisionArea, RevisionItem, RevisionSnapshot } from '../../src/domain/revisions';
import { revisionItem } from '../../src/schema/workAreaItemLines';
import type { Db } from '../db/connection';
import * as tables from '../db/entityTables';
import { proposals } from '../db/tables/proposals';
import { estimateRevisions } from '../db/tables/revisions';
import { notFound, notFoundMessage } from '../errors';
import { CUSTOM_COLUMN } from '../db/tableFromEntity';

const amount = (value: unknown): number => (typeof value === 'number' ? value : Number(value) || 0);
const optionalText = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** The estimate's revision number and discount (404 when unknown). */
export async function estimateRevisionRow(
  db: Db,
  estimateID: number,
): Promise<{ revision: number; discount: number; custom: Record<string, unknown> }> {
  const table = tables.estimates;
  const [row] = await db
    .select({
      revision: table.revision,
      discount: table.discount,
      custom: sql<Record<string, unknown>>`${tables.tableOf(estimateEntity.name)[CUSTOM_COLUMN]}`,
    })
    .from(table)
    .where(eq(table.id, estimateID));
  if (!row) throw notFound(notFoundMessage(estimateEntity));
  return { revision: row.revision, discount: amount(row.discount), custom: row.custom ?? {} };
}

/**
 * The estimate as a revision keeps it, from its stored rows: every area in id order with its
 * items in id order, priced with src/domain/pricing.ts. The same function freezes a revision
 * and shows the current one, so both have one shape.
 */
export async function liveSnapshot(db: Db, estimateID: number): Promise<RevisionSnapshot> {
  const { discount, custom } = await estimateRevisionRow(db, estimateID);
  const areaTable = tables.workAreas;
  const itemTable = tables.workAreaItems;
  const areaRows = await db.select().from(areaTable).where(eq(areaTable.estimateID, estimateID)).orderBy(asc(areaTable.id));
  const itemRows = areaRows.length
    ? await db
        .select()
        .from(itemTable)
        .where(
          inArray(
            itemTable.workAreaID,
            areaRows.map((area) => area.id),
          ),
        )
        .orderBy(asc(itemTable.id))
    : [];
  const itemsByArea = new Map<number, RevisionItem[]>(areaRows.map((area) => [area.id, []]));
  for (const item of itemRows) {
    itemsByArea.get(item.workAreaID)!.push(revisionItem(item));
  }
  const areas: RevisionArea[] = areaRows.map((area) => ({
    id: area.id,
    name: String(area.name ?? ''),
    tax: String(area.tax ?? ''),
    isIncluded: area.isIncluded === true,
    notes: optionalText(area.notes),
    subtotal: amount(area.subtotal),
    snowPricing: isSnowSheet(area.snowPricing) ? area.snowPricing : null,
    items: itemsByArea.get(area.id)!,
  }));
  return { areas, pricing: estimatePricing(areas, discount), custom };
}

/** Who freezes a revision: the user sending the proposal. */
export interface Freezer {
  id: number;
  name: string;
}

/**
 * Freezes the estimate's current revision (the caller holds the estimate's lock): its snapshot
 * is stored once; a revision already frozen (sent again with no change) stays as it was.
 * Answers the revision's number.
 */
export async function freezeCurrentRevision(tx: Db, estimateID: number, by: Freezer): Promise<number> {
  const { revision } = await estimateRevisionRow(tx, estimateID);
  const [frozen] = await tx
    .select({ id: estimateRevisions.id })
    .from(estimateRevisions)
    .where(and(eq(estimateRevisions.estimateID, estimateID), eq(estimateRevisions.revision, revision)));
  if (frozen) return revision;
  const snapshot = await liveSnapshot(tx, estimateID);
  await tx.insert(estimateRevisions).values({
    estimateID,
    revision,
    frozenBy: by.id,
    frozenByName: by.name,
    subtotal: snapshot.pricing.subtotal,
    total: snapshot.pricing.total,
    snapshot,
  });
  return revision;
}

/**
 * Locks the estimate row for a change (as ./locks.ts lockEstimate does) and, when its current
 * revision is frozen, starts the next one in the same transaction: the revision number moves
 * on and the open proposals of the earlier revisions are withdrawn as superseded. The
 * revision is server-kept, so like the subtotals it does not move the estimate's `version`
 * (a form opened before the change still saves). One statement when nothing is frozen.
 */
export async function lockForChange(tx: Db, estimateID: number): Promise<void> {
  const table = tables.estimates;
  const frozen = sql<boolean>`exists (select 1 from ${estimateRevisions} where ${estimateRevisions.estimateID} = ${table.id} and ${estimateRevisions.revision} = ${table.revision})`;
  const [row] = await tx
    .select({ revision: table.revision, frozen })
    .from(table)
    .where(eq(table.id, estimateID))
    .for('update', { of: table });
  if (!row) throw notFound(notFoundMessage(estimateEntity));
  if (!row.frozen) return;
  await tx
    .update(table)
    .set({ revision: row.revision + 1 })
    .where(eq(table.id, estimateID));
  await tx
    .update(proposals)
    .set({ status: 'withdrawn', withdrawnReason: 'superseded', updatedAt: sql`now()`, version: sql`${proposals.version} + 1` })
    .where(and(eq(proposals.estimateID, estimateID), inArray(proposals.status, ['sent', 'viewed'])));
}
