import { defineEntity, lookup, reference, string, text } from './defineEntity';
import { addressFields } from './addressFields';

export const sites = defineEntity({
  name: 'sites',
  table: 'sites',
  route: 'sites',
  prefix: 'site',
  listKey: 'sites',
  singular: 'site',
  plural: 'sites',
  fields: {
    // A customer's sites go with it (its estimates block that, see server/crud/records.ts).
    customerID: reference(
      'Customer',
      { entity: 'customers', onDelete: 'cascade' },
      { required: true, column: 'customer_id', filterable: true, hiddenInList: true },
    ),
    name: string('Name', { required: true, max: 250, sortable: true, filterable: true, search: true }),
    // The sites list shows, searches and sorts by it (sort key customer_name beside SPEC §9's
    // site_ keys), and so does the operations view (server/operations).
    customerName: lookup('Customer', 'customerID', 'name', {
      key: 'customer_name',
      copy: true,
      indexedForViews: true,
      sortable: true,
      search: true,
    }),
    ...addressFields,
    notes: text('Notes', { max: 65535, hiddenInList: true }),
  },
  customFields: true,
  defaultSort: { key: 'site_name', direction: 'ASC' },
  parent: { field: 'customerID', route: 'customers', entity: 'customers' },
  screens: { icon: 'Place' },
  bulkActions: ['assignService', 'unassignService'],
});
