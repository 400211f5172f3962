import { defineEntity, flag, integer, richText, string } from './defineEntity';

/**
 * Term & condition (SPEC §3): printed on proposals in `order`; `isAuto` 1 means always
 * included. A new term goes last (server/termsConditions/hooks.ts fills in `order`).
 */
export const termsConditions = defineEntity({
  name: 'termsConditions',
  table: 'terms_conditions',
  route: 'termsConditions',
  prefix: 'tc',
  listKey: 'termsConditions',
  singular: 'term & condition',
  plural: 'terms & conditions',
  fields: {
    name: string('Name', { required: true, max: 150, sortable: true, search: true }),
    content: richText('Content', { max: 65535, hiddenInList: true }),
    isAuto: flag('Always Include on Proposals', { sortable: true, filterable: true, listLabel: 'Always Include on Proposal' }),
    order: integer('Order', { required: true, filledOnCreate: true, sortable: true }),
  },
  defaultSort: { key: 'tc_order', direction: 'ASC' },
  // Created by name (the server puts it last, SPEC §7), then written on its detail page.
  screens: {
    title: 'Terms & Conditions',
    icon: 'Gavel',
    listColumns: ['order', 'name', 'isAuto'],
    createFields: ['name'],
    editFields: ['name', 'isAuto', 'content'],
  },
});
