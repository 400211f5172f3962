import { boolean, decimal, defineEntity, json, reference, richText, string } from './defineEntity';
import { parseSnowPricing } from '../domain/snowPricing';
import { DEFAULT_TAX, TAX_CODES } from '../domain/taxes';

/**
 * Work area of an estimate (SPEC §3): a named group of priced items with its own tax.
 * `subtotal` is kept by the server (Σ its items' totalPrice); `notes` are written on their
 * own (PUT /workAreas/:id/notes) and sanitised like every rich text.
 */
export const workAreas = defineEntity({
  name: 'workAreas',
  table: 'work_areas',
  route: 'workAreas',
  prefix: 'work_area',
  listKey: 'workAreas',
  singular: 'work area',
  plural: 'work areas',
  fields: {
    estimateID: reference(
      'Estimate',
      { entity: 'estimates', onDelete: 'cascade' },
      { required: true, column: 'estimate_id', filterable: true, hiddenInList: true },
    ),
    // Listed for the name suggestions of the Work Area Editor (GET /api/uniqueColumnValues/work_areas/work_area_name).
    name: string('Name', { required: true, max: 150, sortable: true, search: true, distinctValues: true }),
    tax: string('Tax', { required: true, max: 10, choices: TAX_CODES, defaultValue: DEFAULT_TAX, filterable: true }),
    isIncluded: boolean('Included in Estimate', { defaultValue: true, filterable: true }),
    notes: richText('Notes', { max: 65535, hiddenInList: true }),
    subtotal: decimal('Subtotal', { readOnly: true, defaultValue: 0 }),
    // Issue 41: priced as snow (src/domain/snowPricing.ts); the subtotal is then the expected season's cost.
    snowPricing: json('Snow Pricing', { hiddenInList: true, parse: parseSnowPricing }),
  },
  // In the order they were added (a template's areas keep the template's order).
  defaultSort: { key: 'work_area_id', direction: 'ASC' },
  systemSortKeys: { work_area_id: 'id' },
  parent: { field: 'estimateID', route: 'estimates', entity: 'estimates' },
});

/**
 * PUT /workAreas/:id/notes with `previousNotes` (the notes as they were read): refused (409) when
 * the stored notes are no longer those, so one person's notes never silently replace another's.
 */
export const WORK_AREA_NOTES_STALE =
  'These notes were changed by someone else since you opened them. Save again to replace them with yours, or reload to see theirs.';
