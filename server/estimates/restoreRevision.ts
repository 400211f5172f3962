import { and, eq, inArray, sql } from 'drizzle-orm';
import { customFieldsOf } from '../db/customFieldDefinitions';
import { sameCustomValues } from '../../src/schema/customFields';
import { CUSTOM_COLUMN } from '../db/tableFromEntity';
import { estimates as estimateEntity, workAreaItems, workAreas } from '../../src/schema';
import { staleMessage } from '../../src/schema/validate';
import { itemTotals } from '../../src/domain/pricing';
import { lineLaborHours } from '../../src/domain/profitability';
import type { RevisionArea, RevisionItem, RevisionSnapshot } from '../../src/domain/revisions';
import type { Db } from '../db/connection';
import * as tables from '../db/entityTables';
import { checkedInsert } from '../db/tableFromEntity';
import { conflict, formInvalid } from '../errors';
import type { WriteContext } from '../crud/hookTypes';
import { checkComputed, storableValues } from '../crud/records';
import { lockEstimateForChange } from './locks';
import { lineDraft, type ItemDraft } from './pricedAreas';
import { estimateRevisionRow, liveSnapshot } from './revisions';
import { revisionDetail } from './revisionHistory';
import { recomputeAreaSubtotal, recomputeEstimateSubtotal } from './subtotals';

/**
 * The figures a line is restored with (its totals are computed again); a field that a snapshot
 * frozen before it was declared does not hold keeps the live line's value.
 */
const draftOf = (item: RevisionItem, catalogue: Set<number>, current?: RevisionItem): ItemDraft => {
  const draft = lineDraft({ ...current, ...item });
  return { ...draft, itemID: item.itemID !== null && catalogue.has(item.itemID) ? item.itemID : null };
};

const sameDraft = (a: ItemDraft, b: ItemDraft) =>
  (Object.keys(a) as (keyof ItemDraft)[]).every((key) => (a[key] ?? null) === (b[key] ?? null));

/** The catalogue items still there of those the snapshot's lines came from (a deleted one is no longer referenced). */
async function existingCatalogueItems(tx: Db, snapshot: RevisionSnapshot): Promise<Set<number>> {
  const ids = [...new Set(snapshot.areas.flatMap((area) => area.items.map((item) => item.itemID)).filter((id) => id !== null))];
  if (!ids.length) return new Set();
  const table = tables.items;
  const rows = await tx.select({ id: table.id }).from(table).where(inArray(table.id, ids));
  return new Set(rows.map((row) => row.id));
}

/** The lines of an area present in both made equal to the target's; answers whether any changed. */
async function restoreItems(
  tx: Db,
  workAreaID: number,
  live: RevisionItem[],
  target: RevisionItem[],
  catalogue: Set<number>,
): Promise<boolean> {
  const table = tables.workAreaItems;
  const kept = new Map(target.map((item) => [item.id, item]));
  const gone = live.filter((item) => !kept.has(item.id)).map((item) => item.id);
  if (gone.length) await tx.delete(table).where(inArray(table.id, gone));
  let changed = gone.length > 0;
  const liveById = new Map(live.map((item) => [item.id, item]));
  for (const item of target) {
    const current = liveById.get(item.id);
    const draft = draftOf(item, catalogue, current);
    if (current && sameDraft(draftOf(current, catalogue), draft)) continue;
    const { values, errors } = storableValues(workAreaItems, { ...draft, workAreaID });
    if (Object.keys(errors).length) throw formInvalid(errors);
    const totals = { ...itemTotals(values as never), laborHours: lineLaborHours(values as never) };
    checkComputed(workAreaItems, { ...totals });
    if (current) {
      await tx
        .update(table)
        .set({ ...values, ...totals, version: sql`${table.version} + 1`, updatedAt: sql`now()` })
        .where(eq(table.id, item.id));
    } else {
      await tx.insert(table).values(checkedInsert(workAreaItems, { ...values, ...totals, id: item.id }));
    }
    changed = true;
  }
  return changed;
}

const sameArea = (a: RevisionArea, b: RevisionArea) =>
  a.name === b.name &&
  a.tax === b.tax &&
  a.isIncluded === b.isIncluded &&
  (a.notes ?? null) === (b.notes ?? null) &&
  JSON.stringify(a.snowPricing ?? null) === JSON.stringify(b.snowPricing ?? null);

/**
 * POST /api/estimates/:id/revisions/:revision/restore: the estimate's areas, items, notes, custom fields and
 * discount made equal to that revision's, as a change (the next revision starts when the
 * current one was sent). Areas and lines still there are updated in place (their version
 * moved when they change); those deleted since come back with their own ids, which the
 * sequence never gives again and no other row can hold, so identity and order are the
 * revision's and a later comparison sees them unchanged; those not in the revision are deleted. Every total is computed again. `expectedVersion`,
 * when given, must be the estimate's (409 otherwise). Answers the estimate's current revision.
 */
export async function restoreRevision(
  tx: Db,
  estimateID: number,
  revision: number,
  expectedVersion: number | undefined,
  context: WriteContext,
): Promise<{ revision: number }> {
  await lockEstimateForChange(tx, estimateID);
  const estimateTable = tables.estimates;
  if (expectedVersion !== undefined) {
    const [row] = await tx.select({ version: estimateTable.version }).from(estimateTable).where(eq(estimateTable.id, estimateID));
    if (row.version !== expectedVersion) throw conflict(staleMessage(estimateEntity));
  }
  const { snapshot: target } = await revisionDetail(tx, estimateID, revision);
  const live = await liveSnapshot(tx, estimateID);
  const catalogue = await existingCatalogueItems(tx, target);
  const areaTable = tables.workAreas;
  const targetAreas = new Map(target.areas.map((area) => [area.id, area]));
  const gone = live.areas.filter((area) => !targetAreas.has(area.id)).map((area) => area.id);
  if (gone.length) await tx.delete(areaTable).where(and(eq(areaTable.estimateID, estimateID), inArray(areaTable.id, gone)));
  const liveAreas = new Map(live.areas.map((area) => [area.id, area]));
  for (const area of target.areas) {
    const current = liveAreas.get(area.id);
    if (!current) continue;
    if (!sameArea(current, area)) {
      await tx
        .update(areaTable)
        .set({
          name: area.name,
          tax: area.tax,
          isIncluded: area.isIncluded,
          notes: area.notes,
          snowPricing: area.snowPricing ?? null,
          version: sql`${areaTable.version} + 1`,
          updatedAt: sql`now()`,
        })
        .where(eq(areaTable.id, area.id));
    }
    const itemsChanged = await restoreItems(tx, area.id, current.items, area.items, catalogue);
    if (itemsChanged || !sameArea(current, area)) await recomputeAreaSubtotal(tx, area.id);
  }
  for (const area of target.areas.filter((area) => !liveAreas.has(area.id))) {
    const { values, errors } = storableValues(workAreas, {
      name: area.name,
      tax: area.tax,
      isIncluded: area.isIncluded,
      notes: area.notes,
      snowPricing: area.snowPricing ?? null,
      estimateID,
    });
    if (Object.keys(errors).length) throw formInvalid(errors);
    await tx.insert(areaTable).values(checkedInsert(workAreas, { ...values, id: area.id }));
    await restoreItems(tx, area.id, [], area.items, catalogue);
    await recomputeAreaSubtotal(tx, area.id);
  }
  const { discount, custom } = await estimateRevisionRow(tx, estimateID);
  // The custom values the revision froze (issue 38), of the fields that still exist.
  const defined = new Set((await customFieldsOf(tx, 'estimates')).map((field) => field.key));
  const restoredCustom = target.custom && Object.fromEntries(Object.entries(target.custom).filter(([key]) => defined.has(key)));
  const customChanged = restoredCustom !== undefined && !sameCustomValues(restoredCustom, custom);
  if (discount !== target.pricing.discount || customChanged) {
    await tx
      .update(estimateTable)
      .set({
        discount: target.pricing.discount,
        ...(customChanged ? { [CUSTOM_COLUMN]: restoredCustom } : {}),
        version: sql`${estimateTable.version} + 1`,
      })
      .where(eq(estimateTable.id, estimateID));
  }
  await recomputeEstimateSubtotal(tx, estimateID, context);
  const { revision: current } = await estimateRevisionRow(tx, estimateID);
  return { revision: current };
}
