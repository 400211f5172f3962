/**
 * Agreements (issue 40): what a signed proposal becomes — the season's contract of a customer's
 * site, made from the signed revision of its estimate. Created by the signature (online or marked
 * signed on paper), never through the generic create; its lines, visits and billing live in their
 * own tables (server/db/tables/agreements.ts) behind their own routes (server/agreements).
 * The office edits its term, salesperson, notes and status (cancelling ends what is still to come).
 */
import { AGREEMENT_STATUSES, termError } from '../domain/agreements';
import { choiceLabelsOf } from '../domain/choiceLabels';
import { isCalendarDate } from '../domain/officeDate';
import { decimal, defineEntity, integer, lookup, reference, string, text } from './defineEntity';

const STATUS_NAMES: Record<(typeof AGREEMENT_STATUSES)[number], string> = { active: 'Active', ended: 'Ended', cancelled: 'Cancelled' };
export const AGREEMENT_STATUS_CHOICES = AGREEMENT_STATUSES.map((id) => ({ id, name: STATUS_NAMES[id] }));
export const AGREEMENT_STATUS_LABELS = choiceLabelsOf(AGREEMENT_STATUS_CHOICES);

/** `filter:agreement_over_budget=true`: actual hours of the visits done above the planned hours (server/agreements). */
export const AGREEMENT_OVER_BUDGET = 'agreement_over_budget';

const dateMessage = (label: string) => `${label} must be a date (YYYY-MM-DD).`;
const calendarDay = (label: string, options: { required?: true; readOnly?: true; sortable?: true; hiddenInList?: true } = {}) =>
  string(label, { max: 10, ...options, messages: { invalid: dateMessage(label) } });

export const agreements = defineEntity({
  name: 'agreements',
  table: 'agreements',
  route: 'agreements',
  prefix: 'agreement',
  listKey: 'agreements',
  singular: 'agreement',
  plural: 'agreements',
  fields: {
    number: integer('Number', { readOnly: true, sequence: true, sortable: true, search: true }),
    customerID: reference(
      'Customer',
      { entity: 'customers', onDelete: 'restrict' },
      { readOnly: true, column: 'customer_id', filterable: true, hiddenInList: true },
    ),
    customerName: lookup('Customer', 'customerID', 'name', { key: 'customer_name', copy: true, sortable: true, search: true }),
    siteID: reference(
      'Site',
      { entity: 'sites', onDelete: 'restrict' },
      { readOnly: true, column: 'site_id', filterable: true, hiddenInList: true },
    ),
    siteName: lookup('Site', 'siteID', 'name', { key: 'site_name', copy: true, sortable: true, search: true }),
    estimateID: reference(
      'Estimate',
      { entity: 'estimates', onDelete: 'restrict' },
      { readOnly: true, column: 'estimate_id', filterable: true, hiddenInList: true },
    ),
    revision: integer('Revision', { readOnly: true, min: 1, hiddenInList: true }),
    proposalID: integer('Proposal', { readOnly: true, hiddenInList: true }),
    salesperson: reference(
      'Salesperson',
      { entity: 'users', onDelete: 'restrict' },
      { required: true, filterable: true, hiddenInList: true },
    ),
    startDate: calendarDay('Start Date', { required: true, sortable: true }),
    endDate: calendarDay('End Date', { required: true, sortable: true }),
    status: string('Status', {
      required: true,
      max: 10,
      choices: AGREEMENT_STATUSES,
      choiceLabels: AGREEMENT_STATUS_LABELS,
      defaultValue: 'active',
      sortable: true,
      filterable: true,
    }),
    contractValue: decimal('Contract Value', { readOnly: true, money: true, defaultValue: 0, sortable: true }),
    plannedHours: decimal('Planned Hours', { readOnly: true, defaultValue: 0, hiddenInList: true }),
    signedOn: calendarDay('Signed On', { readOnly: true, hiddenInList: true }),
    cancelledOn: calendarDay('Cancelled On', { readOnly: true, hiddenInList: true }),
    notes: text('Notes', { max: 65535, hiddenInList: true }),
  },
  defaultSort: { key: 'agreement_number', direction: 'DESC' },
  systemSortKeys: { agreement_created_at: 'createdAt' },
  listedUnder: [
    { field: 'customerID', route: 'customers', entity: 'customers' },
    { field: 'estimateID', route: 'estimates', entity: 'estimates' },
  ],
  routes: { create: false, delete: false, get: false },
  screens: {
    icon: 'Handshake',
    titleField: 'number',
    listColumns: ['number', 'customerName', 'siteName', 'startDate', 'endDate', 'status', 'contractValue'],
    editFields: ['salesperson', 'startDate', 'endDate', 'status', 'notes'],
  },
  check: (values) => {
    const errors: Record<string, string> = {};
    for (const [name, label] of [
      ['startDate', 'Start Date'],
      ['endDate', 'End Date'],
    ] as const) {
      if (typeof values[name] === 'string' && !isCalendarDate(values[name])) errors[name] = dateMessage(label);
    }
    if (!errors.startDate && !errors.endDate) {
      const problem = termError(String(values.startDate), String(values.endDate));
      if (problem) errors.endDate = problem;
    }
    return errors;
  },
});
