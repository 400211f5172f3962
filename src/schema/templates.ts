import { decimal, defineEntity, integer, reference, string } from './defineEntity';
import { TEMPLATE_CATEGORY_IDS } from '../domain/templates';

/**
 * Estimate templates are data (STARTER-DATA.md "Templates"): a category (LM, SNOW) holds
 * named work areas in `position` order, each holding catalogue items with a size and a
 * quantity. The Template Generator copies them into an estimate, priced from the catalogue
 * and its size rules at that moment. Read-only through the API; loaded from data files.
 */
export const templateAreas = defineEntity({
  name: 'templateAreas',
  table: 'template_areas',
  route: 'templateAreas',
  prefix: 'template_area',
  listKey: 'templateAreas',
  singular: 'template area',
  plural: 'template areas',
  fields: {
    category: string('Category', { required: true, max: 10, choices: TEMPLATE_CATEGORY_IDS, sortable: true, filterable: true }),
    name: string('Name', { required: true, max: 150, sortable: true }),
    position: integer('Position', { required: true, min: 0, sortable: true }),
  },
  defaultSort: { key: 'template_area_position', direction: 'ASC' },
  routes: { create: false, update: false, delete: false },
});

export const templateItems = defineEntity({
  name: 'templateItems',
  table: 'template_items',
  route: 'templateItems',
  prefix: 'template_item',
  listKey: 'templateItems',
  singular: 'template item',
  plural: 'template items',
  fields: {
    templateAreaID: reference(
      'Template Area',
      { entity: 'templateAreas', onDelete: 'cascade' },
      { required: true, column: 'template_area_id', filterable: true },
    ),
    // A catalogue item a template uses cannot be deleted unnoticed (409 naming the template items).
    itemID: reference('Item', { entity: 'itemCatalog', onDelete: 'restrict' }, { required: true, column: 'item_id', filterable: true }),
    size: decimal('Size', { min: 0, precision: 16, scale: 4 }),
    quantity: decimal('Quantity', { required: true, min: 0, precision: 15, scale: 3 }),
  },
  defaultSort: { key: 'template_item_id', direction: 'ASC' },
  systemSortKeys: { template_item_id: 'id' },
  parent: { field: 'templateAreaID', route: 'templateAreas', entity: 'templateAreas' },
  routes: { create: false, update: false, delete: false },
});
