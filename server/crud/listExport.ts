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
import { exportStream, type ExportFileColumn, type ExportPage } from '../documents/listExportFile';
import { userOwner } from '../work/heavyWork';
import { fileDownload, type RouteDoc } from '../openapi/routeDoc';
import { entitySchemas } from '../openapi/entitySchemas';
import { entityTag } from '../openapi/entityRouteDocs';
import { z } from 'zod';
import { parseListParams, type ListParams } from './listParams';
import { listConditions, listOrder, sortKeyExpression } from './listQuery';
import { and, eq, is, sql, type SQL } from 'drizzle-orm';
import { PgTimestamp } from 'drizzle-orm/pg-core';
import { exportCellExpression, recordSelection, withLookups } from './fieldExpressions';
import { readsInTurn, type ReadInTurn } from '../db/readsInTurn';

/**
 * Rows read per query: a page of the export is written before the next one is read. Small
 * enough that on PGlite, whose queries run on the event loop, a page (about 4 ms for 500
 * customers as one JSON text) never keeps another user's list waiting long.
 */
export const EXPORT_PAGE_SIZE = 500;

function parseFormat(raw: unknown): ExportFormat {
  if (raw === undefined || raw === '') return 'csv';
  const format = typeof raw === 'string' ? raw.toLowerCase() : '';
  if (!(EXPORT_FORMATS as readonly string[]).includes(format)) throw badRequest(`format must be one of: ${EXPORT_FORMATS.join(', ')}.`);
  return format as ExportFormat;
}

/** The columns of an entity's export file: the list's (exportColumns), each marked if it is an instant. */
export function exportFileColumns(entity: Entity): ExportFileColumn[] {
  const selection = recordSelection(entity, tableOf(entity.name));
  return exportColumns(entity).map((column) => ({ ...column, instant: !column.shownAs && is(selection[column.source], PgTimestamp) }));
}

/**
 * Every row the list's search, filters and sort select, in pages read by keyset (the list's
 * own conditions and order; limit and offset of the list are only checked, never applied).
 * Each page starts after the last row of the one before: its sort key read again from its id
 * by the database (no JavaScript round trip of a timestamp or a numeric), the id breaking
 * ties. Rows without a sort value come last ascending and first descending, as the list
 * orders them, read in a phase of their own so that each query is one range of the index.
 *
 * A page comes back as one JSON text (ExportPage), the export columns' values in their order,
 * with its row count and its last id: on PGlite every value of a result is decoded on the
 * event loop, and a page of 500 rows as rows cost it three times what the text does.
 */
export async function* exportPages(
  db: Db,
  entity: Entity,
  params: ListParams,
  { pageSize = EXPORT_PAGE_SIZE, readInTurn = (read) => read() }: { pageSize?: number; readInTurn?: ReadInTurn } = {},
): AsyncGenerator<ExportPage> {
  const table = tableOf(entity.name);
  const where = listConditions(entity, table, params);
  const order = listOrder(entity, table, params);
  const key = sortKeyExpression(entity, table, params);
  const ascending = params.sort.direction !== 'DESC';
  const after = (id: number) => (ascending ? sql`${table.id} > ${id}` : sql`${table.id} < ${id}`);
  const keyOf = (id: number) =>
    sql`(${withLookups(
      db
        .select({ key: sql`${key}` })
        .from(table)
        .$dynamic(),
      entity,
      table,
    ).where(eq(table.id, id))})`;
  // Each export column as c0, c1…, and the row's place in the page's order.
  const cells = Object.fromEntries(
    exportColumns(entity).map((column, index) => [`c${index}`, exportCellExpression(entity, table, column).as(`c${index}`)]),
  );
  const place = sql<number>`row_number() OVER (ORDER BY ${sql.join(order, sql`, `)})`.as('place');
  const pageOf = (range: SQL) => {
    const rows = withLookups(
      db
        .select({ ...cells, place })
        .from(table)
        .$dynamic(),
      entity,
      table,
    )
      .where(where ? and(where, range) : range)
      .orderBy(...order)
      .limit(pageSize)
      .as('page_rows');
    const row = sql.join(
      Object.keys(cells).map((name) => sql.identifier(name)),
      sql`, `,
    );
    // c0 is the id (exportColumns starts with it).
    return db
      .select({
        text: sql<string>`coalesce(json_agg(json_build_array(${row}) ORDER BY ${rows.place}), '[]')::text`,
        count: sql<number>`count(*)::int`,
        lastId: sql<number | null>`(array_agg(${sql.identifier('c0')} ORDER BY ${rows.place} DESC))[1]`,
      })
      .from(rows);
  };
  const phases: ('values' | 'nulls')[] = ascending ? ['values', 'nulls'] : ['nulls', 'values'];
  for (const phase of phases) {
    let last: number | undefined;
    for (;;) {
      let range: SQL;
      if (phase === 'nulls') range = last === undefined ? sql`${key} IS NULL` : sql`${key} IS NULL AND ${after(last)}`;
      else if (last === undefined) range = sql`${key} IS NOT NULL`;
      else {
        const lastKey = keyOf(last);
        range = ascending
          ? sql`${key} >= ${lastKey} AND (${key} > ${lastKey} OR ${after(last)})`
          : sql`${key} <= ${lastKey} AND (${key} < ${lastKey} OR ${after(last)})`;
      }
      const [page] = await readInTurn(() => pageOf(range));
      if (page.count) yield page.text;
      if (page.count < pageSize) break;
      last = Number(page.lastId);
    }
  }
}

function exportDoc(entity: Entity): RouteDoc {
  const labels = exportColumns(entity).map((c) => c.label);
  return {
    tag: entityTag(entity),
    summary: `Export the ${entity.plural}`,
    description:
      `Every ${entity.singular} matching the list's search and filters, in its sort order (limit and offset are only checked), ` +
      `as ${entity.route}-<date>.csv or .xlsx, streamed. Columns: ${labels.join(', ')}. ` +
      'Text that a spreadsheet would run as a formula is neutralised.',
    querystring: entitySchemas(entity).listQuery.extend({
      format: z.enum(EXPORT_FORMATS).optional().describe('csv (default) or xlsx.'),
    }),
    responses: { 200: fileDownload('The file.', CSV_CONTENT_TYPE, XLSX_CONTENT_TYPE) },
    errors: [429],
  };
}

/** `GET /api/<route>/export`: the list as a file, one implementation for every list. */
export function registerListExport(api: FastifyInstance, entity: Entity): void {
  const { db } = api.deps.database;
  const readInTurn = readsInTurn(api.deps.database);
  const columns = exportFileColumns(entity);
  api.get(`/${entity.route}/export`, { config: { openapi: exportDoc(entity) } }, async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    // Everything is checked before the first byte: a bad parameter is a 400, not a broken file.
    const format = parseFormat(query.format);
    const params = parseListParams(entity, query);
    const fileName = exportFileName(entity, officeDate(new Date(api.deps.now())), format);
    // The file is written on a worker thread; the user's share is taken (or refused) now.
    const encoder = await api.heavyWork.exportEncoder(userOwner(request.user), {
      format,
      columns,
      sheetName: resolveScreens(entity).title,
    });
    const body = exportStream(encoder, exportPages(db, entity, params, { readInTurn }), (error) =>
      request.log.error({ err: error }, 'export failed'),
    );
    return reply
      .header('Content-Type', format === 'csv' ? CSV_CONTENT_TYPE : XLSX_CONTENT_TYPE)
      .header('Content-Disposition', contentDisposition(fileName))
      .header('Cache-Control', 'no-store')
      .send(body);
  });
}
