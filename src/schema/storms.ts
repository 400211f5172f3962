/**
 * Storms (issue 41): a snow event the office logs visits against — when it fell, how deep, who
 * measured it. Visits are a log of their own (server/snow): append-only and hash-chained per
 * site and season, so a storm with visits cannot be deleted (the log keeps it).
 */
import { datetime, decimal, defineEntity, string, text } from './defineEntity';

export const storms = defineEntity({
  name: 'storms',
  table: 'storms',
  route: 'storms',
  prefix: 'storm',
  listKey: 'storms',
  singular: 'storm',
  plural: 'storms',
  fields: {
    // Filled from the start when left out ("Storm of Jan 5, 2027", server/snow/stormHooks.ts).
    name: string('Name', { required: true, filledOnCreate: true, max: 100, sortable: true, search: true }),
    start: datetime('Start', { required: true, sortable: true }),
    end: datetime('End', { sortable: true }),
    depth: decimal('Depth (in)', { min: 0, max: 200, defaultValue: 0, sortable: true }),
    source: string('Depth Source', { max: 150, search: true }),
    notes: text('Notes', { max: 65535, hiddenInList: true }),
    closedOutAt: datetime('Closed Out', { readOnly: true }),
  },
  defaultSort: { key: 'storm_start', direction: 'DESC' },
  screens: {
    icon: 'AcUnit',
    listColumns: ['name', 'start', 'end', 'depth', 'source', 'closedOutAt'],
    createFields: ['start', 'end', 'depth', 'source', 'notes'],
    editFields: ['name', 'start', 'end', 'depth', 'source', 'notes'],
  },
  check: (values): Record<string, string> => {
    const start = values.start ? new Date(String(values.start)).getTime() : NaN;
    const end = values.end ? new Date(String(values.end)).getTime() : NaN;
    return end < start ? { end: 'End must be after Start.' } : {};
  },
});
