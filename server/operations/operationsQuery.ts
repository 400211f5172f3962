import { and, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import {
  operationsColumns,
  SERVICES_SEPARATOR,
  type OperationRow,
  type OperationsExportRow,
  type OperationsTextSource,
} from '../../src/schema/operations';
import type { Db } from '../db/connection';
import { services, sites, tableOf } from '../db/entityTables';
import { siteServiceIDsOverlap, siteServices } from '../db/tables/siteServices';
import { ilike, termCondition } from '../crud/listQuery';
import { ownSearchFields, SEARCH_TEXT } from '../db/tableFromEntity';
import { sites as siteEntity } from '../../src/schema';
import type { OperationsParams } from './operationsParams';

/** Where each text column of the view comes from: the site's row, which holds a copy of its customer's name. */
const sourceColumns: Record<OperationsTextSource, PgColumn> = {
  customerName: sites.customerName,
  siteName: sites.name,
  siteAddress1: sites.address1,
  siteCity: sites.city,
  siteState: sites.state,
  siteZip: sites.zip,
};

const siteId = sites.id;

const siteSearchColumns = new Set(ownSearchFields(siteEntity).map((f) => tableOf(siteEntity.name)[f.name]));

/** The site's columns from its search text, the customer's name from its copy: a bitmap over two trigram indexes. */
const searchedColumns = operationsColumns
  .filter((c) => c.search)
  .map((c) => sourceColumns[c.source as OperationsTextSource])
  .map((column) => ({ matches: ilike(column), inSearchText: siteSearchColumns.has(column) }));

function whereOf(params: OperationsParams): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (params.searchTerm) {
    conditions.push(termCondition(params.searchTerm, searchedColumns, sites[SEARCH_TEXT]));
  }
  for (const { source, values } of params.columnFilters) {
    const column = sourceColumns[source];
    const present = values.filter((v): v is string => v !== null);
    const parts: SQL[] = [];
    if (present.length) parts.push(inArray(column, present));
    if (present.length < values.length) parts.push(isNull(column));
    conditions.push(parts.length === 1 ? parts[0] : or(...parts));
  }
  if (params.serviceIds?.length) {
    conditions.push(siteServiceIDsOverlap(params.serviceIds));
  }
  const defined = conditions.filter((c): c is SQL => c !== undefined);
  return defined.length ? and(...defined) : undefined;
}

/** The sort of SPEC §4: text case-insensitively, then the site id so pages never overlap. */
function orderOf(params: OperationsParams): SQL {
  const direction = sql.raw(params.sort.direction === 'DESC' ? 'DESC' : 'ASC');
  return sql`lower(${sourceColumns[params.sort.source]}) ${direction}, ${siteId} ${direction}`;
}

/** A site's services as a JSON array of {id, name}, by name. */
const servicesJson = sql`COALESCE((
  SELECT json_agg(json_build_object('id', ${services.id}, 'name', ${services.name}) ORDER BY lower(${services.name}), ${services.id})
  FROM ${siteServices} JOIN ${services} ON ${services.id} = ${siteServices.serviceID}
  WHERE ${siteServices.siteID} = ${siteId}
), '[]'::json)`;

/** The row of SPEC §3 as a JSON object, built from the site's row. */
const rowJson = sql`json_build_object(
  'id', ${siteId},
  'customerID', ${sites.customerID},
  'customerName', ${sites.customerName},
  'siteName', ${sites.name},
  'siteAddress1', ${sites.address1},
  'siteCity', ${sites.city},
  'siteState', ${sites.state},
  'siteZip', ${sites.zip},
  'services', ${servicesJson}
)`;

function whereClause(params: OperationsParams): SQL {
  const where = whereOf(params);
  return where ? sql`WHERE ${where}` : sql``;
}

/** pg parses json columns itself; this keeps PGlite and pg alike if a driver hands back text. */
function fromJson<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

type ResultRows = { rows: Record<string, unknown>[] };

/**
 * One page of operations and the total count, in one SQL statement: the matching sites are
 * counted, the page's site ids are picked in order, and only those rows are built with their
 * services (a subquery per page row inside the statement, never a query per row from here).
 * A page past the end is empty and still carries the count.
 */
export async function operationsPage(db: Db, params: OperationsParams): Promise<{ operations: OperationRow[]; count: number }> {
  const limit = params.limit === undefined ? sql`` : sql`LIMIT ${params.limit}`;
  const offset = params.offset ? sql`OFFSET ${params.offset}` : sql``;
  const where = whereClause(params);
  const result = (await db.execute(sql`
    SELECT
      (SELECT count(*)::int FROM ${sites} ${where}) AS count,
      COALESCE((
        SELECT json_agg(${rowJson} ORDER BY ${orderOf(params)})
        FROM (
          SELECT ${siteId} AS id FROM ${sites} ${where}
          ORDER BY ${orderOf(params)} ${limit} ${offset}
        ) AS page
        JOIN ${sites} ON ${siteId} = page.id
      ), '[]'::json) AS rows
  `)) as unknown as ResultRows;
  const [first] = result.rows;
  return { operations: fromJson<OperationRow[]>(first.rows), count: Number(first.count) };
}

/** Every site's service names in one pass (a hash aggregate), joined as the export shows them. */
const serviceNamesBySite = sql`(
  SELECT ${siteServices.siteID} AS site_id,
    string_agg(${services.name}, ${SERVICES_SEPARATOR}::text ORDER BY lower(${services.name}), ${services.id}) AS services
  FROM ${siteServices} JOIN ${services} ON ${services.id} = ${siteServices.serviceID}
  GROUP BY ${siteServices.siteID}
) AS assigned`;

/**
 * Every operation the filters select (no paging), in the list's order, as the export's texts.
 * The services come from one aggregate rather than a subquery per site, as text rather than
 * JSON: over 10,000 sites that halves the query (and PostgreSQL does not JIT-compile it).
 */
export async function operationsForExport(db: Db, params: OperationsParams): Promise<OperationsExportRow[]> {
  const where = whereClause(params);
  const result = (await db.execute(sql`
    SELECT ${sites.customerName} AS "customerName", ${sites.name} AS "siteName", ${sites.address1} AS "siteAddress1",
      ${sites.city} AS "siteCity", ${sites.state} AS "siteState", ${sites.zip} AS "siteZip", assigned.services AS services
    FROM ${sites} LEFT JOIN ${serviceNamesBySite} ON assigned.site_id = ${siteId}
    ${where}
    ORDER BY ${orderOf(params)}
  `)) as unknown as { rows: OperationsExportRow[] };
  return result.rows;
}

/** The distinct values of one text column over all operations, sorted as the list sorts them; null last. */
export async function operationsColumnValues(db: Db, source: OperationsTextSource): Promise<(string | null)[]> {
  const column = sourceColumns[source];
  const result = (await db.execute(sql`
    SELECT ${column} AS value FROM ${sites} GROUP BY ${column} ORDER BY lower(${column}) NULLS LAST, ${column}
  `)) as unknown as ResultRows;
  return result.rows.map((r) => (r.value === null ? null : String(r.value)));
}
