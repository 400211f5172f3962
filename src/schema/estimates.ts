import { boolean, decimal, defineEntity, integer, lookup, reference, string, text } from './defineEntity';
import { DISCOUNT_MAX, DISCOUNT_MIN, ESTIMATE_STATUS_IDS, ESTIMATE_STATUS_LABELS, NEW_ESTIMATE_STATUS } from '../domain/estimates';
import { LOST_NOTE_MAX, LOST_REASON_MAX } from '../domain/lostReasons';

/**
 * Estimate (SPEC §3): made for a site (created under it, never moved), numbered by the
 * database, priced by its work areas. `customerID` is the site's customer, copied by the
 * server when the estimate is created, and its name copied by the database, so lists can
 * show, search and sort by the customer's name without a join. `subtotal` is kept by the server (Σ subtotal of the included work areas),
 * and so is `revision` (server/estimates/revisions.ts).
 */
/** The list filter by the year an estimate was created (`filter:estimate_created_year=[2026]`). */
export const ESTIMATE_CREATED_YEAR = 'estimate_created_year';

/** The list filter by the services of the estimate's site (`filter:estimate_site_service=[3]`). */
export const ESTIMATE_SITE_SERVICE = 'estimate_site_service';

export const estimates = defineEntity({
  name: 'estimates',
  table: 'estimates',
  route: 'estimates',
  prefix: 'estimate',
  listKey: 'estimates',
  singular: 'estimate',
  plural: 'estimates',
  fields: {
    // A site or customer with estimates cannot be deleted (409 naming them).
    siteID: reference(
      'Site',
      { entity: 'sites', onDelete: 'restrict' },
      { required: true, column: 'site_id', filterable: true, hiddenInList: true },
    ),
    customerID: reference(
      'Customer',
      { entity: 'customers', onDelete: 'restrict' },
      { readOnly: true, column: 'customer_id', filterable: true, hiddenInList: true },
    ),
    number: integer('Number', { readOnly: true, sequence: true, sortable: true, search: true, shownAs: 'estimateNumber' }),
    customerName: lookup('Customer', 'customerID', 'name', { key: 'customer_name', copy: true, sortable: true, search: true }),
    projectName: string('Project Name', { required: true, max: 150, sortable: true, search: true }),
    status: integer('Status', {
      choices: ESTIMATE_STATUS_IDS,
      choiceLabels: ESTIMATE_STATUS_LABELS,
      defaultValue: NEW_ESTIMATE_STATUS,
      sortable: true,
      filterable: true,
    }),
    // Issue 39: why it was lost, one of the office's list (server/estimates/lostReasonCheck.ts), and a note;
    // filtered as the issue names it (`filter:lostReason=Price`).
    lostReason: string('Lost Reason', {
      max: LOST_REASON_MAX,
      key: 'lostReason',
      filterable: true,
      hiddenInList: true,
    }),
    lostNote: text('Lost Note', { max: LOST_NOTE_MAX, hiddenInList: true }),
    subtotal: decimal('Subtotal', { readOnly: true, defaultValue: 0, sortable: true }),
    // Issue 23: starts at 1; the first change after a proposal froze it starts the next one.
    revision: integer('Revision', { readOnly: true, defaultValue: 1, min: 1, hiddenInList: true }),
    salesperson: reference(
      'Salesperson',
      { entity: 'users', onDelete: 'restrict' },
      { required: true, filterable: true, hiddenInList: true },
    ),
    estimator: reference('Estimator', { entity: 'users', onDelete: 'restrict' }, { required: true, filterable: true, hiddenInList: true }),
    updatedBy: reference('Updated By', { entity: 'users', onDelete: 'restrict' }, { readOnly: true, hiddenInList: true }),
    isArchived: boolean('Archived', { filterable: true, hiddenInList: true }),
    discount: decimal('Discount', {
      min: DISCOUNT_MIN,
      max: DISCOUNT_MAX,
      precision: 5,
      scale: 2,
      defaultValue: 0,
      hiddenInList: true,
      messages: { max: `Discount cannot exceed ${DISCOUNT_MAX}.` },
    }),
  },
  customFields: true,
  defaultSort: { key: 'estimate_number', direction: 'DESC' },
  systemSortKeys: { estimate_created_at: 'createdAt' },
  // Issue 23: a season's contracts (a year, a service), picked for renewal.
  yearFilters: { [ESTIMATE_CREATED_YEAR]: 'createdAt' },
  siteServiceFilters: { [ESTIMATE_SITE_SERVICE]: 'siteID' },
  parent: { field: 'siteID', route: 'sites', entity: 'sites' },
  // The customer detail's Estimates tab: GET /api/customers/:id/estimates.
  listedUnder: [{ field: 'customerID', route: 'customers', entity: 'customers' }],
  screens: {
    icon: 'RequestQuote',
    titleField: 'projectName',
    listSystemColumns: [{ field: 'createdAt', label: 'Date', after: 'number' }],
  },
  // Issue 35: the export adds the site and the Pricing card's taxes and total.
  exportOnly: [
    { name: 'siteName', label: 'Site', lookup: { via: 'siteID', field: 'name' } },
    { name: 'taxes', label: 'Taxes', shownAs: 'estimateTaxes' },
    { name: 'total', label: 'Total', shownAs: 'estimateTotal' },
    // Issue 39: why lost estimates were lost, beside the columns the list shows.
    { name: 'lostReason', label: 'Lost Reason' },
    { name: 'lostNote', label: 'Lost Note' },
  ],
  bulkActions: ['archive', 'unarchive', 'setStatus'],
});
