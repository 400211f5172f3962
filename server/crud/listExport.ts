import type { FastifyInstance } from 'fastify';
import type { Entity } from '../../src/schema/defineEntity';
import { EXPORT_FORMATS, exportColumns, exportFileName, type ExportFormat } from '../../src/schema/listExport';
import { resolveScreens } from '../../src/schema/screens';
import { officeDate } from '../../src/domain/officeDate';
import type { Db } from '../db/connection';
import { tableOf } from '../db/entityTables';
import { badRequest } from '../errors';
import { contentDisposition } from '../documents/attachment';
import { CSV_CONTENT_TYPE } from '../documents/contactsCsv';
import { XLSX_CONTENT_TYPE } from '../documents/operationsWorkbook';
import { csvStream, xlsxStream } from '../documents/listExportFile';
import { fileDownload, type RouteDoc } from '../openapi/routeDoc';
import { entitySchemas } from '../openapi/entitySchemas';
import { entityTag } from '../openapi/entityRouteDocs';
import { z } from 'zod';
import { parseListParams, type ListParams } from './listParams';
import { listConditions, listOrder } from './listQuery';
import { recordSelection, withLookups } from './fieldExpressions';

/** Rows read per query: a page of the export is written before the next one is read. */
export const EXPORT_PAGE_SIZE = 2000;

function parseFormat(raw: unknown): ExportFormat {
  if (raw === undefined || raw === '') return 'csv';
  const format = typeof raw === 'string' ? raw.toLowerCase() : '';
  if (!(EXPORT_FORMATS as readonly string[]).includes(format)) throw badRequest(`format must be one of: ${EXPORT_FORMATS.join(', ')}.`);
  return format as ExportFormat;
}

/**
 * Every row the list's search, filters and sort select, in pages (the list's own conditions
 * and order, id breaking ties so no row is read twice or skipped); limit and offset of the
 * list are only checked, never applied.
 */
export async function* exportPages(
  db: Db,
  entity: Entity,
  params: ListParams,
  pageSize = EXPORT_PAGE_SIZE,
): AsyncGenerator<Record<string, unknown>[]> {
  const table = tableOf(entity.name);
  const where = listConditions(entity, table, params);
  const order = listOrder(entity, table, params);
  for (let offset = 0; ; offset += pageSize) {
    const rows = (await withLookups(db.select(recordSelection(entity, table)).from(table).$dynamic(), entity, table)
      .where(where)
      .orderBy(...order)
      .limit(pageSize)
      .offset(offset)) as Record<string, unknown>[];
    if (rows.length) yield rows;
    if (rows.length < pageSize) return;
  }
}

function exportDoc(entity: Entity): RouteDoc {
  const labels = exportColumns(entity).map((c) => c.label);
  return {
    tag: entityTag(entity),
    summary: `Export the ${entity.plural}`,
    description:
      `Every ${entity.singular} the list's search, filters and sort select (limit and offset are only checked), ` +
      `as ${entity.route}-<date>.csv or .xlsx, streamed. Columns: ${labels.join(', ')}. ` +
      'Text that a spreadsheet would run as a formula is neutralised.',
    querystring: entitySchemas(entity).listQuery.extend({
      format: z.enum(EXPORT_FORMATS).optional().describe('csv (default) or xlsx.'),
    }),
    responses: { 200: fileDownload('The file.', CSV_CONTENT_TYPE, XLSX_CONTENT_TYPE) },
  };
}

/** `GET /api/<route>/export`: the list as a file, one implementation for every list. */
export function registerListExport(api: FastifyInstance, entity: Entity): void {
  const { db } = api.deps.database;
  const columns = exportColumns(entity);
  api.get(`/${entity.route}/export`, { config: { openapi: exportDoc(entity) } }, async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    // Everything is checked before the first byte: a bad parameter is a 400, not a broken file.
    const format = parseFormat(query.format);
    const params = parseListParams(entity, query);
    const pages = exportPages(db, entity, params);
    const fileName = exportFileName(entity, officeDate(new Date(api.deps.now())), format);
    const body =
      format === 'csv'
        ? csvStream(columns, pages)
        : xlsxStream(columns, pages, resolveScreens(entity).title.slice(0, 31), (error) =>
            request.log.error({ err: error }, 'export failed'),
          );
    return reply
      .header('Content-Type', format === 'csv' ? CSV_CONTENT_TYPE : XLSX_CONTENT_TYPE)
      .header('Content-Disposition', contentDisposition(fileName))
      .header('Cache-Control', 'no-store')
      .send(body);
  });
}
