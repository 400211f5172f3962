import { decimal, defineEntity, string, text } from './defineEntity';
import { DEFAULT_ITEM_KIND, ITEM_KINDS } from '../domain/itemKinds';

/**
 * Catalogue item (SPEC §3, §5, §9): what work area items are copied from. Named after its
 * route, so the SPA's resource and URL are /itemCatalog as SPEC §2 has it. `cost` is the direct
 * cost of one unit without crew time; crew time is `hoursPerUnit` (crew hours per unit, costed
 * at the company's labour rate and overhead per hour, src/domain/profitability.ts).
 */
export const items = defineEntity({
  name: 'itemCatalog',
  table: 'items',
  route: 'itemCatalog',
  prefix: 'item',
  listKey: 'items',
  singular: 'item',
  plural: 'items',
  fields: {
    name: string('Name', { required: true, max: 150, sortable: true, search: true }),
    description: text('Description', { max: 65535, sortable: true, search: true }),
    units: string('Units', { max: 50, sortable: true, search: true }),
    cost: decimal('Cost', { required: true, min: 0, money: true, sortable: true }),
    price: decimal('Price', { required: true, min: 0, money: true, sortable: true }),
    // Issue 24: what the item is (the materials list leaves labour out) and its production rate.
    kind: string('Kind', {
      max: 20,
      choices: ITEM_KINDS,
      defaultValue: DEFAULT_ITEM_KIND,
      sortable: true,
      filterable: true,
      hiddenInList: true,
    }),
    hoursPerUnit: decimal('Hours per Unit', { min: 0, precision: 12, scale: 4, sortable: true, hiddenInList: true }),
  },
  customFields: true,
  defaultSort: { key: 'item_name', direction: 'ASC' },
  screens: { title: 'Item Catalog', icon: 'Inventory' },
});
