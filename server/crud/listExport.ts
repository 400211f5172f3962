import type { Entity } from '../../src/schema/defineEntity';
import { exportColumns } from '../../src/schema/listExport';
import type { Db } from '../db/connection';
import { tableOf } from '../db/entityTables';
import type { ExportFileColumn, ExportPage } from '../documents/listExportFile';
import type { ListParams } from './listParams';
import { listConditions, listOrder, sortKeyExpression } from './listQuery';
import { and, eq, is, sql, type SQL } from 'drizzle-orm';
import { PgTimestamp } from 'drizzle-orm/pg-core';
import { exportCellExpression, recordSelection, withLookups } from './fieldExpressions';
import type { ReadInTurn } from '../db/readsInTurn';
import type { CustomFieldDefinition } from '../../src/schema/customFields';

/**
 * Rows read per query: a page of the export is written before the next one is read. Small
 * enough that on PGlite, whose queries run on the event loop, a page (about 4 ms for 500
 * customers as one JSON text) never keeps another user's list waiting long.
 */
export const EXPORT_PAGE_SIZE = 500;

/** The columns of an entity's export file: the list's (exportColumns), each marked if it is an instant. */
export function exportFileColumns(entity: Entity, custom: readonly CustomFieldDefinition[] = []): ExportFileColumn[] {
  const selection = recordSelection(entity, tableOf(entity.name));
  return exportColumns(entity, custom).map((column) => ({
    ...column,
    instant: !column.shownAs && !column.custom && is(selection[column.source], PgTimestamp),
  }));
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
  {
    pageSize = EXPORT_PAGE_SIZE,
    readInTurn = (read) => read(),
    custom = [],
  }: { pageSize?: number; readInTurn?: ReadInTurn; custom?: readonly CustomFieldDefinition[] } = {},
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
    exportColumns(entity, custom).map((column, index) => [`c${index}`, exportCellExpression(entity, table, column).as(`c${index}`)]),
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
