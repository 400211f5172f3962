import { decimal, defineEntity, string, text } from './defineEntity';

/**
 * Catalogue item (SPEC §3, §5, §9): what work area items are copied from. Named after its
 * route, so the SPA's resource and URL are /itemCatalog as SPEC §2 has it.
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
  },
  defaultSort: { key: 'item_name', direction: 'ASC' },
  screens: { title: 'Item Catalog', icon: 'Inventory' },
});
