import { workAreaItems, workAreas } from '../../../schema';
import { formatMoney } from '../../../domain/money';
import { itemTotalWithTax } from '../../../domain/pricing';
import type { AreaProfitability } from '../../../domain/profitability';
import { entityColumns, type ListColumn } from '../../../admin/lists/columns';
import { formatHours, formatPercent } from '../pricing/profitabilityFormat';
import type { WorkAreaItemRecord, WorkAreaRecord } from './workAreaRecords';
import { SnowSubtotal } from './snow/SnowSubtotal';

const money =
  <R extends object>(source: keyof R & string) =>
  (record: R) =>
    formatMoney(record[source] === null || record[source] === undefined ? null : Number(record[source]));

/** Name, Tax, Subtotal (a snow area's labelled as its expected season, issue 41) and Included in Estimate (YES/NO), as SPEC §2 lists them. */
export const workAreaColumns: ListColumn<WorkAreaRecord>[] = entityColumns<WorkAreaRecord>(workAreas, [
  'name',
  'tax',
  'subtotal',
  'isIncluded',
]).map((column) => {
  if (column.source === 'subtotal') {
    const subtotal = money<WorkAreaRecord>('subtotal');
    return { ...column, render: (area) => <SnowSubtotal sheet={area.snowPricing}>{subtotal(area)}</SnowSubtotal> };
  }
  if (column.source === 'isIncluded') return { ...column, render: (area) => (area.isIncluded ? 'YES' : 'NO') };
  return column;
});

/**
 * The work areas table with each area's crew Hours and Margin (issue 24, office only) from the
 * estimate's profitability; blank until it has loaded.
 */
export function workAreaColumnsWithMargin(figures: readonly AreaProfitability[] | undefined): ListColumn<WorkAreaRecord>[] {
  const byArea = new Map(figures?.map((area) => [area.id, area]));
  const of = (area: WorkAreaRecord) => byArea.get(Number(area.id));
  return [
    ...workAreaColumns,
    { source: 'laborHours', label: 'Hours', align: 'right', render: (area) => (of(area) ? formatHours(of(area)!.laborHours) : '') },
    {
      source: 'marginPercent',
      label: 'Margin',
      align: 'right',
      render: (area) => (of(area) ? formatPercent(of(area)!.marginPercent) : ''),
    },
  ];
}

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
