import { boolean, datetime, defineEntity, richText, string } from './defineEntity';

/** Services assigned to sites (SPEC §3); sort keys keep SPEC §9's camelCase (service_startDate). */
export const services = defineEntity({
  name: 'services',
  table: 'services',
  route: 'services',
  prefix: 'service',
  listKey: 'services',
  singular: 'service',
  plural: 'services',
  fields: {
    name: string('Name', { required: true, max: 150, sortable: true, search: true }),
    description: richText('Description', { max: 65535, sortable: true, search: true, key: 'service_description' }),
    startDate: datetime('Start Date', { required: true, sortable: true, key: 'service_startDate' }),
    endDate: datetime('End Date', { sortable: true, key: 'service_endDate' }),
    isRecurring: boolean('Recurring', { sortable: true, filterable: true, key: 'service_isRecurring' }),
  },
  defaultSort: { key: 'service_name', direction: 'ASC' },
  listCount: false,
  screens: { icon: 'Handyman' },
  check: ({ startDate, endDate }): Record<string, string> =>
    // Dates, not their text: '+010000-…' sorts before '2026-…' as text.
    typeof startDate === 'string' && typeof endDate === 'string' && Date.parse(endDate) < Date.parse(startDate)
      ? { endDate: 'End Date cannot be before Start Date.' }
      : {},
});
