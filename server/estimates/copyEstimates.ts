import { asc, eq, inArray, sql } from 'drizzle-orm';
import { CUSTOM_COLUMN } from '../db/tableFromEntity';
import { estimates, sites } from '../../src/schema';
import { NEW_ESTIMATE_STATUS } from '../../src/domain/estimates';
import type { Db } from '../db/connection';
import * as tables from '../db/entityTables';
import { formInvalid, notFound, notFoundMessage } from '../errors';
import type { WriteContext } from '../crud/hookTypes';
import { storableValues } from '../crud/records';
import { addPricedAreasTo, insertInBatches, nextIds, type AreaDraft, type ItemDraft } from './pricedAreas';

/** An item of an estimate being copied, as stored. */
export interface SourceItem extends ItemDraft {
  itemID: number | null;
  name: string;
  unitPrice: number;
}

/** What one copy is made of: the estimate copied, and what the copy changes. */
export interface CopyPlan {
  from: number;
  siteID: number;
  projectName: string;
  salesperson: number;
  estimator: number;
  /** The copy's unit price of an item (its own by default). */
  unitPrice?: (item: SourceItem) => number;
}

export interface SourceEstimate {
  id: number;
  siteID: number;
  number: number;
  projectName: string;
  discount: number;
  /** Its custom fields (issue 38), copied as they are. */
  custom: Record<string, unknown>;
}

/**
 * Share-locks the estimates to be copied, in id order, and answers them by id: their areas
 * and items are then read as of one moment (a write under an estimate takes its row FOR
 * UPDATE first, ./locks.ts, so it waits for the copy rather than changing it half-read).
 */
export async function lockSourceEstimates(tx: Db, ids: number[]): Promise<Map<number, SourceEstimate>> {
  const table = tables.estimates;
  const rows = ids.length
    ? await tx
        .select({
          id: table.id,
          siteID: table.siteID,
          number: table.number,
          projectName: table.projectName,
          discount: table.discount,
          custom: sql<Record<string, unknown>>`${tables.tableOf(estimates.name)[CUSTOM_COLUMN]}`,
        })
        .from(table)
        .where(inArray(table.id, ids))
        .orderBy(asc(table.id))
        .for('share')
    : [];
  return new Map(rows.map((r) => [r.id, r as SourceEstimate]));
}

/** The work areas of estimates (in their order) with their items (in theirs), by estimate. */
export type SourceArea = Omit<AreaDraft, 'items'> & { items: SourceItem[] };

export async function sourceAreas(tx: Db, estimateIDs: number[]): Promise<Map<number, SourceArea[]>> {
  const areaTable = tables.workAreas;
  const itemTable = tables.workAreaItems;
  const byEstimate = new Map<number, SourceArea[]>(estimateIDs.map((id) => [id, []]));
  if (!estimateIDs.length) return byEstimate;
  const areas = await tx
    .select({
      id: areaTable.id,
      estimateID: areaTable.estimateID,
      name: areaTable.name,
      tax: areaTable.tax,
      isIncluded: areaTable.isIncluded,
      notes: areaTable.notes,
      snowPricing: areaTable.snowPricing,
    })
    .from(areaTable)
    .where(inArray(areaTable.estimateID, estimateIDs))
    .orderBy(asc(areaTable.id));
  const items = await tx
    .select({
      workAreaID: itemTable.workAreaID,
      itemID: itemTable.itemID,
      name: itemTable.name,
      size: itemTable.size,
      quantity: itemTable.quantity,
      units: itemTable.units,
      unitCost: itemTable.unitCost,
      unitPrice: itemTable.unitPrice,
      kind: itemTable.kind,
      hoursPerUnit: itemTable.hoursPerUnit,
    })
    .from(itemTable)
    .innerJoin(areaTable, eq(itemTable.workAreaID, areaTable.id))
    .where(inArray(areaTable.estimateID, estimateIDs))
    .orderBy(asc(itemTable.id));
  const itemsByArea = new Map<number, SourceItem[]>(areas.map((a) => [a.id, []]));
  for (const { workAreaID, ...item } of items) itemsByArea.get(workAreaID)!.push(item as SourceItem);
  for (const { id, estimateID, ...area } of areas) byEstimate.get(estimateID)!.push({ ...area, items: itemsByArea.get(id)! });
  return byEstimate;
}

/** The customers of sites, by site id (a missing site is a 404). */
async function customersOfSites(tx: Db, siteIDs: number[]): Promise<Map<number, number>> {
  const table = tables.sites;
  const rows = await tx.select({ id: table.id, customerID: table.customerID }).from(table).where(inArray(table.id, siteIDs));
  if (rows.length !== siteIDs.length) throw notFound(notFoundMessage(sites));
  return new Map(rows.map((r) => [r.id, r.customerID]));
}

/**
 * Copies of estimates (Duplicate, Renew), in the caller's transaction: each a new estimate
 * (a new number from the sequence, In Progress, not archived, its discount and custom fields copied) on the
 * plan's site, for that site's customer, with every work area (order, name, tax, inclusion,
 * notes) and every item (all its fields, the unit price as the plan says) copied, and every
 * total computed again (./pricedAreas.ts). Set-based: a few statements whatever the number
 * of estimates and items. The caller has checked the plan's values (names, people) and holds
 * the source estimates' locks (lockSourceEstimates) and has read their areas (sourceAreas).
 * Answers the new ids, in the plans' order.
 */
export async function copyEstimates(
  tx: Db,
  plans: CopyPlan[],
  { sources, areas: areasOf }: { sources: Map<number, SourceEstimate>; areas: Map<number, SourceArea[]> },
  context: WriteContext,
): Promise<number[]> {
  if (!plans.length) return [];
  const customerOf = await customersOfSites(tx, [...new Set(plans.map((p) => p.siteID))]);
  const table = tables.estimates;
  const ids = await nextIds(tx, table, table.id.name, plans.length);
  const rows = plans.map((plan, i) => {
    const source = sources.get(plan.from);
    if (!source) throw notFound(notFoundMessage(estimates));
    const { values, errors } = storableValues(estimates, {
      siteID: plan.siteID,
      projectName: plan.projectName,
      salesperson: plan.salesperson,
      estimator: plan.estimator,
      discount: source.discount,
    });
    if (Object.keys(errors).length) throw formInvalid(errors);
    return {
      ...values,
      id: ids[i],
      customerID: customerOf.get(plan.siteID),
      [CUSTOM_COLUMN]: source.custom ?? {},
      status: NEW_ESTIMATE_STATUS,
      isArchived: false,
      subtotal: 0,
      ...(context.userId !== undefined ? { updatedBy: context.userId } : {}),
    };
  });
  await insertInBatches(tx, table, rows);
  await addPricedAreasTo(
    tx,
    plans.map((plan, i) => ({
      estimateID: ids[i],
      areas: (areasOf.get(plan.from) ?? []).map((area) => ({
        ...area,
        items: area.items.map((item) => ({ ...item, unitPrice: plan.unitPrice ? plan.unitPrice(item) : item.unitPrice })),
      })),
    })),
    context,
  );
  return ids;
}
