/**
 * Billing (issue 40): a month's billing lines handed to accounting as a QuickBooks Online invoice
 * import, and the last hand-over taken back. Nothing is an invoice in Yardstick.
 */
import { z } from 'zod';
import { idSchema } from './answers';
import { defineAction } from './defineAction';
import { AGREEMENT_QUERY, BILLING_QUERY } from './agreements';

export const BILLING_TAG = 'Billing';
export const BILLING_EXPORTS_QUERY = 'billingExports';

export const billingMessages = {
  month: 'Month must be a month (YYYY-MM).',
  nothing: (month: string) => `Nothing of ${month} is left to export.`,
  collision: (names: readonly string[]) =>
    `Two customers would have the same name in QuickBooks: ${names.join(', ')}. Rename one of each before exporting.`,
  notLast: (id: number) => `Only the last export can be undone: undo export ${id} first.`,
  exportNotFound: 'Billing export not found.',
} as const;

const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;
export const isBillingMonth = (value: unknown): value is string => typeof value === 'string' && MONTH_PATTERN.test(value);

export const billingMonth = z.string({ error: billingMessages.month }).refine(isBillingMonth, { error: billingMessages.month });

export const billingLineSchema = z.object({
  id: z
    .string()
    .describe(
      "Stable per source: `installment-<line>-<n>`, `visit-<visit>`, `once-<line>`, `labor-<visit>`, `materials-<visit>`, `event-<storm>-<line>-<sheet line>-<part>` (a storm's close-out).",
    ),
  customerID: idSchema,
  customerName: z.string(),
  agreementID: idSchema,
  agreementNumber: z.number().int(),
  lineID: idSchema,
  lineName: z.string(),
  date: z.string(),
  description: z.string(),
  quantity: z.number(),
  rate: z.number(),
  amount: z.number(),
  tax: z.number(),
  source: z.enum(['installment', 'visit', 'timeAndMaterials', 'event']),
  exportID: idSchema.nullable().describe('The export it went in; null while not handed to accounting.'),
});

export const billingExportSchema = z.object({
  id: idSchema,
  month: z.string(),
  invoices: z.number().int(),
  lines: z.number().int(),
  total: z.number(),
  firstInvoice: z.number().int(),
  lastInvoice: z.number().int(),
  createdAt: z.string(),
  createdByName: z.string(),
  undoable: z.boolean().describe('Only the newest export can be undone.'),
});

const BILLING_QUERIES = [BILLING_QUERY, BILLING_EXPORTS_QUERY, AGREEMENT_QUERY] as const;

export const exportBilling = defineAction({
  name: 'exportBilling',
  method: 'POST',
  path: '/billing/exports',
  access: 'user',
  tag: BILLING_TAG,
  summary: 'Export a month’s billing for QuickBooks Online',
  description:
    'Every billing line of the month not exported yet goes into one CSV in QuickBooks Online’s invoice import layout: one invoice per customer, numbered from a sequence that never gives a number twice. 409 when nothing is left to export, or when two customers would have the same display name in the file (named).',
  body: z.object({ month: billingMonth }),
  status: 201,
  answer: z.object({ id: idSchema, invoices: z.number().int(), lines: z.number().int() }),
  errors: [409],
  invalidates: BILLING_QUERIES,
});

export const undoBillingExport = defineAction({
  name: 'undoBillingExport',
  method: 'DELETE',
  path: '/billing/exports/:id',
  access: 'user',
  tag: BILLING_TAG,
  summary: 'Undo the last export',
  description: 'Its lines are no longer exported (their invoice numbers are not given again). 409 for any export but the newest.',
  status: 200,
  answer: z.object({ id: idSchema, lines: z.number().int().describe('How many lines are no longer exported.') }),
  errors: [409],
  invalidates: BILLING_QUERIES,
});
