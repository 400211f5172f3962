import { workAreaItems, workAreas } from '../../../schema';
import { formatMoney } from '../../../domain/money';
import { itemTotalWithTax } from '../../../domain/pricing';
import { entityColumns, type ListColumn } from '../../../admin/lists/columns';
import type { WorkAreaItemRecord, WorkAreaRecord } from './workAreaRecords';

const money =
  <R extends object>(source: keyof R & string) =>
  (record: R) =>
    formatMoney(record[source] === null || record[source] === undefined ? null : Number(record[source]));

/** Name, Tax, Subtotal and Included in Estimate (YES/NO), as SPEC §2 lists them. */
export const workAreaColumns: ListColumn<WorkAreaRecord>[] = entityColumns<WorkAreaRecord>(workAreas, [
  'name',
  'tax',
  'subtotal',
  'isIncluded',
]).map((column) => {
  if (column.source === 'subtotal') return { ...column, render: money<WorkAreaRecord>('subtotal') };
  if (column.source === 'isIncluded') return { ...column, render: (area) => (area.isIncluded ? 'YES' : 'NO') };
  return column;
});

const ITEM_MONEY = new Set(['unitCost', 'unitPrice', 'totalCost', 'totalPrice']);

/**
 * Name, Size, Quantity, Units, Unit Cost, Unit Price, Cost, Price and Total (SPEC §2), money
 * formatted; Total is the price with the area's tax (src/domain/pricing.ts).
 */
export function workAreaItemColumns(tax: unknown): ListColumn<WorkAreaItemRecord>[] {
  const declared = entityColumns<WorkAreaItemRecord>(workAreaItems, [
    'name',
    'size',
    'quantity',
    'units',
    'unitCost',
    'unitPrice',
    'totalCost',
    'totalPrice',
  ]).map((column) =>
    ITEM_MONEY.has(column.source)
      ? { ...column, render: money<WorkAreaItemRecord>(column.source as keyof WorkAreaItemRecord & string) }
      : column,
  );
  return [...declared, { source: 'total', label: 'Total', align: 'right', render: (item) => formatMoney(itemTotalWithTax(item, tax)) }];
}
