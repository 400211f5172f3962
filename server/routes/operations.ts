import type { FastifyInstance } from 'fastify';
import { operations, operationsFileName, operationsValueFilters } from '../../src/schema/operations';
import { officeDate } from '../../src/domain/officeDate';
import { badRequest } from '../errors';
import { sendFile } from '../documents/attachment';
import { operationsWorkbook, XLSX_CONTENT_TYPE } from '../documents/operationsWorkbook';
import { parseOperationsParams } from '../operations/operationsParams';
import { operationsColumnValues, operationsForExport, operationsPage } from '../operations/operationsQuery';

type Query = Record<string, unknown>;

/**
 * Operations (SPEC §7): the list of sites with their customer and services, the distinct
 * values its filter popovers offer, and the XLSX of every row the filters select.
 */
export async function operationRoutes(api: FastifyInstance): Promise<void> {
  const { db } = api.deps.database;
  const base = `/${operations.route}`;

  api.get(base, async (request) => {
    const { operations: rows, count } = await operationsPage(db, parseOperationsParams(request.query as Query));
    return { [operations.listKey]: rows, count };
  });

  api.get<{ Params: { column: string } }>(`${base}/filterValues/:column`, async (request) => {
    const { column } = request.params;
    const source = operationsValueFilters.includes(column) ? operations.filterKeys.get(column) : undefined;
    if (!source || source === 'services') throw badRequest(`Unknown filter column: ${column}.`);
    return operationsColumnValues(db, source);
  });

  api.get(`${base}/download`, async (request, reply) => {
    // The same parameters as the list; every page is written, so limit and offset only get checked.
    const rows = await operationsForExport(db, parseOperationsParams(request.query as Query));
    const fileName = operationsFileName(officeDate(new Date(api.deps.now())));
    return sendFile(reply, await operationsWorkbook(rows), fileName, XLSX_CONTENT_TYPE);
  });
}
