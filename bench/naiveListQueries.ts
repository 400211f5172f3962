/**
 * The naive peers of the office lists (DESIGN's naive query): for each list, ONE statement
 * with count(*) OVER() over the same columns, joins, filters and ORDER BY as the list the
 * screen shows, an ILIKE per searched column, LIMIT/OFFSET. No search text, no split of
 * count and page. Each answers the query string the screen sends (searchTerm, limit, offset
 * and the screen's filters); the sort is the screen's default one.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../server/db/connection';

export interface NaiveListRequest {
  searchTerm: string;
  limit: number;
  offset: number;
  /** filter:<key> values, parsed JSON arrays. */
  filters: Record<string, unknown[]>;
}

type Rows = { rows: Record<string, unknown>[] };

const anyOf = (columns: SQL[], pattern: string) =>
  sql.join(
    columns.map((column) => sql`${column} ILIKE ${pattern}`),
    sql` OR `,
  );

const pattern = (term: string) => `%${term}%`;
const valueList = (values: unknown[]) =>
  sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );

function customers(db: Db, { searchTerm, limit, offset }: NaiveListRequest) {
  const p = pattern(searchTerm);
  return db.execute(sql`
    SELECT customer_id AS id, customer_version, customer_created_at, customer_updated_at, customer_name, customer_address_1,
      customer_address_2, customer_city, customer_county, customer_state, customer_zip, customer_type, count(*) OVER() AS total
    FROM customers
    WHERE ${anyOf([sql`customer_name`, sql`customer_address_1`, sql`customer_city`, sql`customer_zip`], p)}
    ORDER BY lower(customer_name), customer_id LIMIT ${limit} OFFSET ${offset}`);
}

/** Sites with their customer's name, which the sites list shows and searches too. */
function sites(db: Db, { searchTerm, limit, offset }: NaiveListRequest) {
  const p = pattern(searchTerm);
  return db.execute(sql`
    SELECT site_id AS id, site_version, site_created_at, site_updated_at, s.customer_id, site_name, site_address_1, site_address_2,
      site_city, site_county, site_state, site_zip, site_notes, c.customer_name, count(*) OVER() AS total
    FROM sites s JOIN customers c ON c.customer_id = s.customer_id
    WHERE ${anyOf([sql`site_name`, sql`site_address_1`, sql`site_city`, sql`site_zip`, sql`c.customer_name`], p)}
    ORDER BY lower(site_name), site_id LIMIT ${limit} OFFSET ${offset}`);
}

/** Estimates with their customer's name (searched too), archived ones hidden as the screen asks. */
function estimates(db: Db, { searchTerm, limit, offset, filters }: NaiveListRequest) {
  const p = pattern(searchTerm);
  const archived = filters.estimate_is_archived?.map((v) => v === true || v === 1 || v === '1');
  return db.execute(sql`
    SELECT e.estimate_id AS id, e.estimate_version, e.estimate_created_at, e.estimate_updated_at, e.site_id, e.customer_id,
      e.estimate_number, e.estimate_project_name, e.estimate_status, e.estimate_subtotal, e.estimate_salesperson,
      e.estimate_estimator, e.estimate_updated_by, e.estimate_is_archived, e.estimate_discount, c.customer_name,
      count(*) OVER() AS total
    FROM estimates e LEFT JOIN customers c ON c.customer_id = e.customer_id
    WHERE (${anyOf([sql`e.estimate_number::text`, sql`c.customer_name`, sql`e.estimate_project_name`], p)})
      ${archived?.length ? sql`AND e.estimate_is_archived IN (${valueList(archived)})` : sql``}
    ORDER BY e.estimate_number DESC, e.estimate_id DESC LIMIT ${limit} OFFSET ${offset}`);
}

/** One row per site with its customer and its services as JSON, optionally only sites having any of the filter's services. */
function operations(db: Db, { searchTerm, limit, offset, filters }: NaiveListRequest) {
  const p = pattern(searchTerm);
  const serviceIds = filters.services?.map(Number);
  return db.execute(sql`
    SELECT s.site_id AS id, c.customer_id AS "customerID", c.customer_name AS "customerName", s.site_name AS "siteName",
      s.site_address_1 AS "siteAddress1", s.site_city AS "siteCity", s.site_state AS "siteState", s.site_zip AS "siteZip",
      COALESCE((
        SELECT json_agg(json_build_object('id', v.service_id, 'name', v.service_name) ORDER BY lower(v.service_name), v.service_id)
        FROM site_services ss JOIN services v ON v.service_id = ss.service_id WHERE ss.site_id = s.site_id
      ), '[]'::json) AS services,
      count(*) OVER() AS total
    FROM sites s JOIN customers c ON c.customer_id = s.customer_id
    WHERE (${anyOf([sql`c.customer_name`, sql`s.site_name`, sql`s.site_address_1`, sql`s.site_city`, sql`s.site_zip`], p)})
      ${serviceIds?.length ? sql`AND EXISTS (SELECT 1 FROM site_services f WHERE f.site_id = s.site_id AND f.service_id IN (${valueList(serviceIds)}))` : sql``}
    ORDER BY lower(c.customer_name), s.site_id LIMIT ${limit} OFFSET ${offset}`);
}

/** The naive query of each list, by the list's API path (and response key). */
export const naiveLists: Record<string, (db: Db, request: NaiveListRequest) => Promise<unknown>> = {
  customers,
  sites,
  estimates,
  operations,
};

/** Runs the naive query of `list`; the page and the count its window function carried. */
export async function naiveListPage(
  db: Db,
  list: string,
  request: NaiveListRequest,
): Promise<{ rows: Record<string, unknown>[]; count: number }> {
  const query = naiveLists[list];
  if (!query) throw new Error(`No naive list ${list}`);
  const { rows } = (await query(db, request)) as Rows;
  return { rows, count: Number(rows[0]?.total ?? 0) };
}
