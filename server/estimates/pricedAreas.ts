import { asc, getTableColumns, getTableName, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { workAreaItems, workAreas } from '../../src/schema';
import type { Entity, FieldDef } from '../../src/schema/defineEntity';
import { estimateSubtotal, itemTotals, workAreaSubtotal } from '../../src/domain/pricing';
import { lineLaborHours } from '../../src/domain/profitability';
import { lineInputs } from '../../src/schema/workAreaItemLines';
import type { Db } from '../db/connection';
import * as tables from '../db/entityTables';
import { checkedInsert, type InsertOf } from '../db/tableFromEntity';
import { formInvalid } from '../errors';
import type { WriteContext } from '../crud/hookTypes';
import { checkComputed, storableValues } from '../crud/records';
import { storable } from './subtotals';

type Row = Record<string, unknown>;

/** An item line to add: its figures as typed or copied; its totals are always computed here. */
export interface ItemDraft {
  itemID?: number | null;
  name: unknown;
  size?: unknown;
  quantity: unknown;
  units?: unknown;
  unitCost: unknown;
  unitPrice: unknown;
  /** Issue 24: the line's kind and crew hours per unit (copied from the catalogue or the source line). */
  kind?: unknown;
  hoursPerUnit?: unknown;
}

/** The figures of a line (a stored row or a revision's) that a copy takes; its totals are computed again. */
export const lineDraft = (line: object): ItemDraft => lineInputs(line) as unknown as ItemDraft;

export interface AreaDraft {
  name: unknown;
  tax?: unknown;
  isIncluded?: unknown;
  notes?: unknown;
  snowPricing?: unknown;
  items: ItemDraft[];
}

/** Work areas to add to one estimate. */
export interface EstimateAreas {
  estimateID: number;
  areas: AreaDraft[];
}

/** Rows per INSERT (one JSON parameter each): a few MB at most. */
const ROWS_PER_INSERT = 5000;

function checked<E extends Entity<Record<string, FieldDef>>>(entity: E, row: Row): InsertOf<E> {
  const { values, errors } = storableValues(entity, row);
  if (Object.keys(errors).length) throw formInvalid(errors);
  return checkedInsert(entity, values);
}

/**
 * `count` new ids of a serial column, increasing, taken from its sequence like an insert
 * would: the caller knows each row's id before inserting it (areas before their items), in
 * one statement whatever the count.
 */
export async function nextIds(tx: Db, table: PgTable, idColumn: string, count: number): Promise<number[]> {
  if (count === 0) return [];
  const { rows } = (await tx.execute(
    sql`SELECT nextval(pg_get_serial_sequence(${getTableName(table)}, ${idColumn})) AS id FROM generate_series(1, ${count})`,
  )) as unknown as { rows: { id: string | number }[] };
  return rows.map((r) => Number(r.id)).sort((a, b) => a - b);
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** A column's type as json_to_recordset declares it (a serial is an integer once its value is given). */
const recordType = (column: PgColumn) => (column.columnType === 'PgSerial' ? 'integer' : column.getSQLType());

/**
 * Inserts rows (all with the same keys, the table's property names) set-based: `INSERT …
 * SELECT … FROM json_to_recordset($1)`, one JSON parameter per ROWS_PER_INSERT rows. The
 * database reads each value with its column's type (a decimal's text exactly), defaults and
 * triggers apply as for any insert, and the statement costs the same to build whatever its
 * size (a multi-row VALUES list is built value by value).
 */
export async function insertInBatches(tx: Db, table: PgTable, rows: Row[]): Promise<void> {
  if (!rows.length) return;
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const keys = Object.keys(rows[0]);
  const names = sql.join(
    keys.map((key) => sql.identifier(columns[key].name)),
    sql`, `,
  );
  const definitions = sql.join(
    keys.map((key) => sql`${sql.identifier(columns[key].name)} ${sql.raw(recordType(columns[key]))}`),
    sql`, `,
  );
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
    const records = rows.slice(start, start + ROWS_PER_INSERT).map((row) =>
      Object.fromEntries(
        keys.map((key) => {
          const value = row[key];
          if (value === null || value === undefined) return [columns[key].name, null];
          const stored = columns[key].mapToDriverValue(value);
          // A lone surrogate would be a "\ud800" escape that PostgreSQL's JSON refuses; as a
          // parameter the driver sends it as U+FFFD, so that is what is stored here too.
          return [columns[key].name, typeof stored === 'string' ? stored.replace(LONE_SURROGATE, '\uFFFD') : stored];
        }),
      ),
    );
    await tx.execute(
      sql`INSERT INTO ${table} (${names}) SELECT ${names} FROM json_to_recordset(${JSON.stringify(records)}::json) AS r(${definitions})`,
    );
  }
}

/**
 * Σ subtotal of the included areas of each estimate, with src/domain/pricing.ts, stored on
 * the estimates in one statement; the estimates are marked as changed now by the user
 * making the write (as ./subtotals.ts recomputeEstimateSubtotal does for one).
 */
async function recomputeEstimateSubtotals(tx: Db, estimateIDs: number[], context: WriteContext): Promise<void> {
  if (!estimateIDs.length) return;
  const areaTable = tables.workAreas;
  const estimateTable = tables.estimates;
  const areas = await tx
    .select({ estimateID: areaTable.estimateID, subtotal: areaTable.subtotal, tax: areaTable.tax, isIncluded: areaTable.isIncluded })
    .from(areaTable)
    .where(inArray(areaTable.estimateID, estimateIDs))
    .orderBy(asc(areaTable.id));
  const byEstimate = new Map<number, typeof areas>(estimateIDs.map((id) => [id, []]));
  for (const area of areas) byEstimate.get(area.estimateID)!.push(area);
  const subtotals = [...byEstimate].map(([id, rows]) => ({ id, subtotal: storable(estimateSubtotal(rows), 'The estimate subtotal', []) }));
  const column = (name: string) => sql.identifier(name);
  const updatedBy: SQL = context.userId !== undefined ? sql`, ${column(estimateTable.updatedBy.name)} = ${context.userId}` : sql``;
  for (let start = 0; start < subtotals.length; start += ROWS_PER_INSERT) {
    const values = sql.join(
      subtotals.slice(start, start + ROWS_PER_INSERT).map((s) => sql`(${s.id}::integer, ${s.subtotal}::numeric)`),
      sql`, `,
    );
    await tx.execute(sql`UPDATE ${estimateTable}
      SET ${column(estimateTable.subtotal.name)} = v.subtotal, ${column(estimateTable.updatedAt.name)} = now()${updatedBy}
      FROM (VALUES ${values}) AS v(id, subtotal)
      WHERE ${estimateTable.id} = v.id`);
  }
}

/**
 * Adds work areas with their items to estimates whose locks the caller holds (clone, template
 * generation, copies and renewals, the demo estimates): every value through the schema's
 * rules, item totals by itemTotals, each new area's subtotal (Σ its items' prices) and each
 * estimate's, in the caller's transaction. Set-based: ids from the sequence, then multi-row
 * inserts, so a season's copies take a handful of statements rather than one per item.
 * Answers the new areas' ids, per estimate, in order (areas list in id order).
 */
export async function addPricedAreasTo(tx: Db, targets: EstimateAreas[], context: WriteContext): Promise<number[][]> {
  const areaTable = tables.workAreas;
  const itemTable = tables.workAreaItems;
  const ids = await nextIds(
    tx,
    areaTable,
    areaTable.id.name,
    targets.reduce((n, t) => n + t.areas.length, 0),
  );
  const areaRows: Row[] = [];
  const itemRows: Row[] = [];
  const answer = targets.map(({ estimateID, areas }) =>
    areas.map(({ items, ...area }) => {
      const id = ids[areaRows.length];
      const rows = items.map((item) => {
        const values = checked(workAreaItems, { ...item, workAreaID: id });
        const totals = { ...itemTotals(values as never), laborHours: lineLaborHours(values as never) };
        checkComputed(workAreaItems, { ...totals });
        return { ...values, ...totals };
      });
      const subtotal = storable(workAreaSubtotal(rows, area.snowPricing), 'The work area subtotal', []);
      areaRows.push({ ...checked(workAreas, { ...area, estimateID }), id, subtotal });
      itemRows.push(...rows);
      return id;
    }),
  );
  await insertInBatches(tx, areaTable, areaRows);
  await insertInBatches(tx, itemTable, itemRows);
  await recomputeEstimateSubtotals(tx, [...new Set(targets.map((t) => t.estimateID))], context);
  return answer;
}

/** Adds work areas with their items to one estimate (its lock held by the caller); answers their ids in order. */
export async function addPricedAreas(tx: Db, estimateID: number, drafts: AreaDraft[], context: WriteContext): Promise<number[]> {
  const [ids] = await addPricedAreasTo(tx, [{ estimateID, areas: drafts }], context);
  return ids;
}
