import type { ExportFormat } from '../../src/schema/listExport';
import { entityByName } from '../../src/schema';
import { resolveScreens } from '../../src/schema/screens';
import { JOB_KINDS } from '../../src/domain/jobs';
import { CSV_CONTENT_TYPE } from '../documents/contactsCsv';
import { XLSX_CONTENT_TYPE } from '../documents/operationsWorkbook';
import { exportStream } from '../documents/listExportFile';
import { defineJobKind } from '../jobs/kinds';
import { storeJobFile } from '../jobs/jobFiles';
import { readListParams } from './readListParams';
import { customFieldsOf } from '../db/customFieldDefinitions';
import { exportFileColumns, exportPages } from './listExport';

export interface ListExportPayload {
  /** The entity whose list is exported (its name). */
  entity: string;
  /**
   * The list's query as the request gave it (search, filters, sort), checked before it was
   * queued, as JSON text: PostgreSQL's jsonb refuses a NUL in a string, which JSON text escapes.
   */
  query: string;
  format: ExportFormat;
  /** The file's name, dated the day it was asked for. */
  fileName: string;
  /** Whose share of the worker threads it takes. */
  owner: string;
}

/**
 * A list exported to a file (issue 36: list exports are jobs): every row the list's search,
 * filters and sort select, read a page at a time in the database's lane for documents and
 * written on the worker threads, then stored as the job's file. Running it again writes it again.
 */
export const listExportJob = defineJobKind<ListExportPayload, { fileName: string; bytes: number }>({
  kind: JOB_KINDS.listExport,
  async run(payload, { db, jobId, services, progress, now }) {
    const entity = entityByName(payload.entity);
    const params = await readListParams(db, entity, JSON.parse(payload.query) as Record<string, unknown>, now());
    const custom = entity.customFields ? await customFieldsOf(db, entity.name) : [];
    const encoder = await services.heavyWork.exportEncoder(payload.owner, {
      format: payload.format,
      columns: exportFileColumns(entity, custom),
      sheetName: resolveScreens(entity).title,
    });
    progress(null, null, 'Writing the file');
    const chunks: Buffer[] = [];
    let bytes = 0;
    const pages = exportPages(db, entity, params, { readInTurn: services.readInTurn, custom });
    for await (const chunk of exportStream(encoder, pages, () => undefined)) {
      chunks.push(chunk as Buffer);
      bytes += (chunk as Buffer).length;
    }
    const contentType = payload.format === 'csv' ? CSV_CONTENT_TYPE : XLSX_CONTENT_TYPE;
    await storeJobFile(db, jobId, { fileName: payload.fileName, contentType, data: Buffer.concat(chunks, bytes) });
    return { fileName: payload.fileName, bytes };
  },
});
