import type { FastifyInstance } from 'fastify';
import { operations, operationsFileName, operationsValueFilters } from '../../src/schema/operations';
import { officeDate } from '../../src/domain/officeDate';
import { badRequest } from '../errors';
import { sendFile } from '../documents/attachment';
import { XLSX_CONTENT_TYPE } from '../documents/operationsWorkbook';
import { userOwner } from '../work/heavyWork';
import { parseOperationsParams } from './operationsParams';
import { operationsColumnValues, operationsForExport, operationsPage } from './operationsQuery';
import { z } from 'zod';
import { fileDownload, type RouteDoc } from '../openapi/routeDoc';
import { idSchema } from '../openapi/commonSchemas';
import { listQuerySchema } from '../openapi/entitySchemas';

type Query = Record<string, unknown>;

const operationsQuery = listQuerySchema({
  plural: operations.plural,
  searchLabels: operations.columns.filter((c) => c.search).map((c) => c.label),
  sortKeys: [...operations.sortKeys.keys()],
  filterKeys: [...operations.filterKeys.keys()],
  defaultSort: operations.defaultSort,
});

const operationRow = z.object({
  id: idSchema.describe("The site's id."),
  customerID: idSchema,
  customerName: z.string(),
  siteName: z.string(),
  siteAddress1: z.string(),
  siteCity: z.string(),
  siteState: z.string(),
  siteZip: z.string().nullable(),
  services: z.array(z.object({ id: idSchema, name: z.string() })).describe('The services assigned to the site.'),
});

const docs = {
  list: {
    tag: 'Operations',
    summary: 'List operations',
    description: 'One row per site, with its customer and its services. filter:services holds service ids (sites with any of them).',
    querystring: operationsQuery,
    responses: {
      200: z.object({ [operations.listKey]: z.array(operationRow), count: z.number().int().min(0) }).describe('A page of operations.'),
    },
  },
  filterValues: {
    tag: 'Operations',
    summary: "A filter's values",
    description: `The distinct values of one of ${operationsValueFilters.join(', ')}, for the filter popovers.`,
    params: z.object({ column: z.enum(operationsValueFilters as [string, ...string[]]) }),
    responses: { 200: z.array(z.string().nullable()).describe('The values, case-insensitively sorted, empty last.') },
  },
  download: {
    tag: 'Operations',
    summary: 'Operations as a spreadsheet',
    description: 'Every row the same query selects (limit and offset are only checked), as operations--<date>.xlsx.',
    querystring: operationsQuery,
    responses: { 200: fileDownload('The XLSX workbook.', XLSX_CONTENT_TYPE) },
    errors: [429],
  },
} satisfies Record<string, RouteDoc>;

/**
 * Operations (SPEC §7): the list of sites with their customer and services, the distinct
 * values its filter popovers offer, and the XLSX of every row the filters select.
 */
export async function operationRoutes(api: FastifyInstance): Promise<void> {
  const { db } = api.deps.database;
  const base = `/${operations.route}`;

  api.get(base, { config: { openapi: docs.list } }, async (request) => {
    const { operations: rows, count } = await operationsPage(db, parseOperationsParams(request.query as Query));
    return { [operations.listKey]: rows, count };
  });

  api.get<{ Params: { column: string } }>(`${base}/filterValues/:column`, { config: { openapi: docs.filterValues } }, async (request) => {
    const { column } = request.params;
    const source = operationsValueFilters.includes(column) ? operations.filterKeys.get(column) : undefined;
    if (!source || source === 'services') throw badRequest(`Unknown filter column: ${column}.`);
    return operationsColumnValues(db, source);
  });

  api.get(`${base}/download`, { config: { openapi: docs.download } }, async (request, reply) => {
    // The same parameters as the list; every page is written, so limit and offset only get checked.
    const rows = await operationsForExport(db, parseOperationsParams(request.query as Query));
    const fileName = operationsFileName(officeDate(new Date(api.deps.now())));
    return sendFile(reply, await api.heavyWork.operationsWorkbook(userOwner(request.user), rows), fileName, XLSX_CONTENT_TYPE);
  });
}
