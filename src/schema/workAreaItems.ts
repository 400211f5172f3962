import { decimal, defineEntity, json, reference, string } from './defineEntity';
import { parsePlanMeasure } from '../domain/planMeasure';
import { DEFAULT_ITEM_KIND, ITEM_KINDS } from '../domain/itemKinds';

/**
 * Priced line of a work area (SPEC §3 WorkAreaItem). The server recomputes totalCost and
 * totalPrice from quantity and unit figures (src/domain/pricing.ts); what a client sends for
 * them is never stored. `itemID` remembers the catalogue item it was picked from, if any
 * (its size rules, the materials list); the line keeps its own copy of name, units and prices,
 * and of the item's kind and hours per unit (copied by the server when a line names an item
 * and leaves them out, server/estimates/workAreaItemHooks.ts). `laborHours` is computed like the totals.
 */
export const workAreaItems = defineEntity({
  name: 'workAreaItems',
  table: 'work_area_items',
  route: 'workAreaItems',
  prefix: 'work_area_item',
  listKey: 'workAreaItems',
  singular: 'work area item',
  plural: 'work area items',
  fields: {
    workAreaID: reference(
      'Work Area',
      { entity: 'workAreas', onDelete: 'cascade' },
      { required: true, column: 'work_area_id', filterable: true, hiddenInList: true },
    ),
    itemID: reference(
      'Catalog Item',
      { entity: 'itemCatalog', onDelete: 'set null' },
      { column: 'item_id', filterable: true, hiddenInList: true },
    ),
    name: string('Name', { required: true, max: 150, sortable: true, search: true }),
    // Sizes and quantities are measurements: acres, ft², yd³ to 3 decimals from the fill table.
    size: decimal('Size', { min: 0, precision: 16, scale: 4 }),
    quantity: decimal('Quantity', { required: true, min: 0, precision: 15, scale: 3 }),
    units: string('Units', { max: 50 }),
    unitCost: decimal('Unit Cost', { min: 0, defaultValue: 0 }),
    unitPrice: decimal('Unit Price', { min: 0, defaultValue: 0 }),
    totalCost: decimal('Cost', { readOnly: true, defaultValue: 0 }),
    totalPrice: decimal('Price', { readOnly: true, defaultValue: 0 }),
    // Issue 24: copied from the catalogue item when one is picked (editable on the line);
    // laborHours = round2(quantity × hoursPerUnit), kept by the server like the totals.
    kind: string('Kind', { max: 20, choices: ITEM_KINDS, defaultValue: DEFAULT_ITEM_KIND, filterable: true, hiddenInList: true }),
    hoursPerUnit: decimal('Hours per Unit', { min: 0, precision: 12, scale: 4, hiddenInList: true }),
    laborHours: decimal('Hours', { readOnly: true, defaultValue: 0, hiddenInList: true }),
    // Issue 42: the site plan's shapes the size was measured from (src/domain/planMeasure.ts).
    planMeasure: json('Plan Measure', { hiddenInList: true, parse: parsePlanMeasure }),
  },
  defaultSort: { key: 'work_area_item_id', direction: 'ASC' },
  systemSortKeys: { work_area_item_id: 'id' },
  parent: { field: 'workAreaID', route: 'workAreas', entity: 'workAreas' },
});
