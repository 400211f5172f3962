import { workAreaItems, workAreas } from '../../src/schema';
import type { Entity, FieldDef } from '../../src/schema/defineEntity';
import { itemTotals } from '../../src/domain/pricing';
import type { Db } from '../db/connection';
import * as tables from '../db/entityTables';
import { checkedInsert, type InsertOf } from '../db/tableFromEntity';
import { formInvalid } from '../errors';
import type { WriteContext } from '../crud/hookTypes';
import { checkComputed, storableValues } from '../crud/records';
import { recomputeAreaSubtotal, recomputeEstimateSubtotal } from './subtotals';

type Row = Record<string, unknown>;

/** An item line to add: its figures as typed or copied; its totals are always computed here. */
export interface ItemDraft {
  itemID?: number | null;
  name: unknown;
  size?: unknown;
  quantity: unknown;
  units?: unknown;
  unitCost: unknown;
  unitPrice: unknown;
}

export interface AreaDraft {
  name: unknown;
  tax?: unknown;
  isIncluded?: unknown;
  notes?: unknown;
  items: ItemDraft[];
}

function checked<E extends Entity<Record<string, FieldDef>>>(entity: E, row: Row): InsertOf<E> {
  const { values, errors } = storableValues(entity, row);
  if (Object.keys(errors).length) throw formInvalid(errors);
  return checkedInsert(entity, values);
}

/**
 * Adds work areas with their items to an estimate whose lock the caller holds (clone,
 * template generation, the demo estimates): every value through the schema's rules, item
 * totals by itemTotals, then each area's subtotal and the estimate's, in the caller's
 * transaction. Answers the new areas' ids, in order.
 */
export async function addPricedAreas(tx: Db, estimateID: number, drafts: AreaDraft[], context: WriteContext): Promise<number[]> {
  const areaTable = tables.workAreas;
  const itemTable = tables.workAreaItems;
  const ids: number[] = [];
  for (const { items, ...area } of drafts) {
    const [{ id }] = await tx
      .insert(areaTable)
      .values(checked(workAreas, { ...area, estimateID }))
      .returning({ id: areaTable.id });
    const rows = items.map((item) => {
      const values = checked(workAreaItems, { ...item, workAreaID: id });
      const totals = itemTotals(values as never);
      checkComputed(workAreaItems, { ...totals });
      return { ...values, ...totals };
    });
    if (rows.length) await tx.insert(itemTable).values(rows);
    await recomputeAreaSubtotal(tx, id);
    ids.push(id);
  }
  await recomputeEstimateSubtotal(tx, estimateID, context);
  return ids;
}
