import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Entity } from '../../src/schema/defineEntity';
import { EXPORT_FORMATS, exportColumns, exportFileName, type ExportFormat } from '../../src/schema/listExport';
import { officeDate } from '../../src/domain/officeDate';
import { badRequest } from '../errors';
import { CSV_CONTENT_TYPE } from '../documents/contactsCsv';
import { XLSX_CONTENT_TYPE } from '../documents/operationsWorkbook';
import { answerWithDocument, documentFollows } from '../jobs/jobFiles';
import { userOwner } from '../work/heavyWork';
import { fileDownload, type RouteDoc } from '../openapi/routeDoc';
import { entitySchemas } from '../openapi/entitySchemas';
import { entityTag } from '../openapi/entityRouteDocs';
import { readListParams } from './readListParams';
import { listExportJob, type ListExportPayload } from './listExportJob';

function parseFormat(raw: unknown): ExportFormat {
  if (raw === undefined || raw === '') return 'csv';
  const format = typeof raw === 'string' ? raw.toLowerCase() : '';
  if (!(EXPORT_FORMATS as readonly string[]).includes(format)) throw badRequest(`format must be one of: ${EXPORT_FORMATS.join(', ')}.`);
  return format as ExportFormat;
}

function exportDoc(entity: Entity): RouteDoc {
  const labels = exportColumns(entity).map((c) => c.label);
  return {
    tag: entityTag(entity),
    summary: `Export the ${entity.plural}`,
    description:
      `Every ${entity.singular} matching the list's search and filters, in its sort order (limit and offset are only checked), ` +
      `as ${entity.route}-<date>.csv or .xlsx, written by a job: the file, or 202 with the job to follow when it takes long. ` +
      `Columns: ${labels.join(', ')}. ` +
      'Text that a spreadsheet would run as a formula is neutralised.',
    querystring: entitySchemas(entity).listQuery.extend({
      format: z.enum(EXPORT_FORMATS).optional().describe('csv (default) or xlsx.'),
    }),
    responses: { 200: fileDownload('The file.', CSV_CONTENT_TYPE, XLSX_CONTENT_TYPE), 202: documentFollows },
    errors: [422, 429],
  };
}

/**
 * `GET /api/<route>/export`: the list as a file, one implementation for every list, written by
 * a job (issue 36) that the request waits for: the file, or 202 with the job when it takes long.
 */
export function registerListExport(api: FastifyInstance, entity: Entity): void {
  api.get(`/${entity.route}/export`, { config: { openapi: exportDoc(entity) } }, async (request, reply) => {
    const { format: rawFormat, ...query } = request.query as Record<string, unknown>;
    // Everything is checked before the job is queued: a bad parameter is a 400, not a failed job.
    const format = parseFormat(rawFormat);
    await readListParams(api.deps.database.db, entity, query, api.deps.now());
    const owner = userOwner(request.user);
    const fileName = exportFileName(entity, officeDate(new Date(api.deps.now())), format);
    const payload: ListExportPayload = { entity: entity.name, query: JSON.stringify(query), format, fileName, owner };
    return answerWithDocument(api, reply, { kind: listExportJob.kind, payload, ownerId: request.user.id, owner });
  });
}
