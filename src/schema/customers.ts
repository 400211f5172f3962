import { defineEntity, integer, string } from './defineEntity';
import { addressFields } from './addressFields';
import { choiceLabelsOf } from '../domain/choiceLabels';

export const CUSTOMER_TYPES = [
  { id: 0, name: 'Lead' },
  { id: 1, name: 'Client' },
] as const;

export const customers = defineEntity({
  name: 'customers',
  table: 'customers',
  route: 'customers',
  prefix: 'customer',
  listKey: 'customers',
  singular: 'customer',
  plural: 'customers',
  fields: {
    name: string('Name', { required: true, max: 250, sortable: true, filterable: true, search: true }),
    ...addressFields,
    type: integer('Type', {
      choices: CUSTOMER_TYPES.map((t) => t.id),
      choiceLabels: choiceLabelsOf(CUSTOMER_TYPES),
      defaultValue: 0,
      filterable: true,
      hiddenInList: true,
    }),
  },
  customFields: true,
  defaultSort: { key: 'customer_name', direction: 'ASC' },
  screens: { icon: 'People' },
});
