import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import * as actions from '../../src/schema/actions/billing';
import { billingMessages, isBillingMonth } from '../../src/schema/actions/billing';
import { registerAction } from '../actions/registerAction';
import { parseId } from '../crud/registerEntityRoutes';
import { sendFile } from '../documents/attachment';
import { formInvalid } from '../errors';
import { idParams } from '../openapi/commonSchemas';
import { fileDownload, type RouteDoc } from '../openapi/routeDoc';
import { billingExports, createBillingExport, exportFile, undoBillingExport } from './billingExports';
import { monthBilling } from './monthBilling';
import { quickBooksCustomersFile, quickBooksProductsFile } from './quickBooksLists';

const CSV = 'text/csv; charset=utf-8';
const TAG = actions.BILLING_TAG;

const docs = {
  month: {
    tag: TAG,
    summary: 'A month’s billing lines',
    description:
      'Installments due, visits done (per visit, and once lines on their last visit) and time and materials done in the month (`month=YYYY-MM`), each with its tax by its work area’s tax code; exported ones as they went, with their export.',
    querystring: z.object({ month: z.string() }),
    responses: { 200: z.object({ lines: z.array(actions.billingLineSchema) }) },
  },
  exports: {
    tag: TAG,
    summary: 'Every billing export, newest first',
    responses: { 200: z.object({ exports: z.array(actions.billingExportSchema) }) },
  },
  file: {
    tag: TAG,
    summary: 'An export’s CSV again',
    params: idParams,
    responses: { 200: fileDownload('The QuickBooks Online invoice import CSV, as it was made.', CSV) },
  },
  customers: {
    tag: TAG,
    summary: 'Customers for QuickBooks Online',
    description: 'The customers with agreements, in QuickBooks Online’s customer import layout.',
    responses: { 200: fileDownload('CSV.', CSV) },
  },
  products: {
    tag: TAG,
    summary: 'Products/services for QuickBooks Online',
    description: 'The agreement lines’ names as services, in QuickBooks Online’s products and services import layout.',
    responses: { 200: fileDownload('CSV.', CSV) },
  },
} satisfies Record<string, RouteDoc>;

/** Billing (issue 40): a month's lines, their export for QuickBooks Online and its undo, and the lists QuickBooks needs first. */
export async function billingRoutes(api: FastifyInstance): Promise<void> {
  const { db } = api.deps.database;

  api.get<{ Querystring: Record<string, unknown> }>('/billing', { config: { openapi: docs.month } }, async (request) => {
    const { month } = request.query;
    if (!isBillingMonth(month)) throw formInvalid({ month: billingMessages.month });
    return { lines: await monthBilling(db, month) };
  });

  api.get('/billing/exports', { config: { openapi: docs.exports } }, async () => ({ exports: await billingExports(db) }));

  api.get<{ Params: { id: string } }>('/billing/exports/:id/file', { config: { openapi: docs.file } }, async (request, reply) => {
    const file = await exportFile(db, parseId(request.params.id));
    return sendFile(reply, file.csv, file.name, CSV);
  });

  api.get('/billing/quickBooks/customers', { config: { openapi: docs.customers } }, async (_request, reply) =>
    sendFile(reply, await quickBooksCustomersFile(db), 'quickbooks-customers.csv', CSV),
  );

  api.get('/billing/quickBooks/products', { config: { openapi: docs.products } }, async (_request, reply) =>
    sendFile(reply, await quickBooksProductsFile(db), 'quickbooks-products-services.csv', CSV),
  );

  registerAction(api, actions.exportBilling, async ({ body, request }) => createBillingExport(db, body.month, request.user));

  registerAction(api, actions.undoBillingExport, async ({ ids }) => undoBillingExport(db, ids.id));
}
