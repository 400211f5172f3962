import { sql } from 'drizzle-orm';
import type { Db } from '../server/db/connection';
import { seedCustomers } from './seedCustomers';

/**
 * An office at the scale of issue 13, in a few set-based statements: at BENCH_SCALE=1,
 * 100k customers, 150k sites, 30 services with about two assignments per site, 50k estimates
 * (every status, one in five archived), about 4 work areas per estimate and 5 items per area
 * (1M work-area items). BENCH_SCALE multiplies every count (0.05 for a quick check).
 *
 * The search terms it plants (fractions of the rows matching):
 * - "land" (the broad term): customers ≈ 22% (seedCustomers); sites ≈ 21% (name "Highlands",
 *   street "Woodland Dr", city "Vineland"); estimates ≈ 17% by project name ("Landscape
 *   Renovation") plus the estimates of customers named "… Landscaping" (≈ 7%); operations:
 *   the sites' matches plus the sites of those customers.
 * - "quarry" (the rare term): ≈ 0.1% of sites (name) and of estimates (project name).
 */
export const OFFICE_BROAD_TERM = 'land';
export const OFFICE_RARE_TERM = 'quarry';

export interface OfficeSize {
  customers: number;
  sites: number;
  services: number;
  estimates: number;
}

export function officeSize(scale = Number(process.env.BENCH_SCALE ?? 1)): OfficeSize {
  const times = (n: number) => Math.max(1, Math.round(n * scale));
  return { customers: times(100_000), sites: times(150_000), services: 30, estimates: times(50_000) };
}

/** Service names, most assigned first (service k goes to about 26% / (1 + k/3) of the sites). */
const SERVICE_NAMES = [
  'Lawn Mowing',
  'Snow Plowing',
  'Spring Cleanup',
  'Fall Cleanup',
  'Mulching',
  'Sidewalk Salting',
  'Shrub Pruning',
  'Fertilization',
  'Weed Control',
  'Leaf Removal',
  'Aeration',
  'Overseeding',
  'Irrigation Check',
  'Tree Trimming',
  'Bed Edging',
  'Annual Planting',
  'Hedge Trimming',
  'Gutter Cleaning',
  'Snow Hauling',
  'Pond Care',
  'Pest Control',
  'Grub Treatment',
  'Dethatching',
  'Lighting Service',
  'Paver Sealing',
  'Drainage Check',
  'Storm Cleanup',
  'Roof Snow Removal',
  'Holiday Lighting',
  'Tick Spraying',
] as const;

/**
 * The indexes of `tables` that back no constraint dropped while `load` runs, then built again
 * from their own definitions: one sorted build each instead of a row-by-row insert into every
 * trigram and lower() index (which took most of the seeding on PGlite).
 */
async function withIndexesRebuilt(db: Db, tables: string[], load: () => Promise<void>): Promise<void> {
  const { rows } = (await db.execute(sql`
    SELECT i.indexname, i.indexdef FROM pg_indexes i
    JOIN pg_class c ON c.relname = i.indexname AND c.relnamespace = 'public'::regnamespace
    JOIN pg_index x ON x.indexrelid = c.oid
    WHERE i.schemaname = 'public' AND i.tablename IN (${sql.join(
      tables.map((t) => sql`${t}`),
      sql`, `,
    )})
      AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = x.indexrelid)`)) as unknown as {
    rows: { indexname: string; indexdef: string }[];
  };
  for (const { indexname } of rows) await db.execute(sql.raw(`DROP INDEX "${indexname}"`));
  await load();
  for (const { indexdef } of rows) await db.execute(sql.raw(indexdef));
}

const OFFICE_TABLES = ['customers', 'sites', 'site_services', 'estimates', 'work_areas', 'work_area_items'];

/** Fills an empty, migrated database with an office of `size` (default: officeSize() from BENCH_SCALE). */
export async function seedOffice(db: Db, size: OfficeSize = officeSize()): Promise<void> {
  const { customers, sites, services, estimates } = size;
  // Estimates need a salesperson and an estimator: the first user (e.g. admin), else one made here.
  await db.execute(sql`
    INSERT INTO users (user_username, user_first_name, user_last_name, user_password_hash)
    SELECT 'bench', 'Bench', 'User', 'not a password hash' WHERE NOT EXISTS (SELECT 1 FROM users)`);
  await withIndexesRebuilt(db, OFFICE_TABLES, async () => {
    await seedCustomers(db, customers);

    // Site i belongs to customer 1 + (i - 1) mod customers: every customer has one, half have two.
    await db.execute(sql`
      INSERT INTO sites (customer_id, site_name, site_address_1, site_city, site_state, site_zip)
      SELECT c0 + (i - 1) % ${customers},
        (ARRAY['Maple','Oak','Cedar','Willow','Birch','Spruce','Aspen','Hickory'])[1 + i % 8] || ' '
          || CASE WHEN i % 997 = 0 THEN 'Quarry' WHEN i % 9 = 0 THEN 'Highlands'
             ELSE (ARRAY['Plaza','Commons','Office Park','Campus','Residence','Village','Center'])[1 + (i / 8) % 7] END
          || ' ' || i,
        (i % 1999) || ' ' || CASE WHEN i % 23 = 0 THEN 'Woodland Dr'
          ELSE (ARRAY['Main St','Broad St','Church Rd','Park Ave','Ridge Rd','Mill Ln'])[1 + i % 6] END,
        CASE WHEN i % 13 = 0 THEN 'Vineland'
          ELSE (ARRAY['Trenton','Camden','Cherry Hill','Princeton','Edison','Newark','Hamilton','Ewing'])[1 + i % 8] END,
        (ARRAY['NJ','PA'])[1 + i % 2],
        lpad((7000 + i % 997)::text, 5, '0')
      FROM generate_series(1, ${sites}) AS g(i), (SELECT min(customer_id) AS c0 FROM customers) first`);

    await db.execute(sql`
      INSERT INTO services (service_name, service_start_date, service_is_recurring)
      SELECT name, now() - interval '2 years', k % 3 <> 0
      FROM unnest(${sql.raw(
        `ARRAY[${SERVICE_NAMES.slice(0, services)
          .map((n) => `'${n}'`)
          .join(',')}]`,
      )}::text[]) WITH ORDINALITY AS n(name, k)`);
    // Service of rank k (0 = most common) on a site when a hash of the pair falls under its share.
    await db.execute(sql`
      INSERT INTO site_services (site_id, service_id)
      SELECT s.site_id, v.service_id
      FROM sites s CROSS JOIN (SELECT service_id, row_number() OVER (ORDER BY service_id) - 1 AS k FROM services) v
      WHERE abs(hashint4(s.site_id * 37 + v.k::int)) % 1000 < 260 / (1 + v.k / 3.0)`);

    // Estimate i on site 1 + (i * 7) mod sites, for that site's customer; every status, one in five archived.
    await db.execute(sql`
      INSERT INTO estimates (site_id, customer_id, estimate_project_name, estimate_status, estimate_subtotal,
        estimate_salesperson, estimate_estimator, estimate_is_archived, estimate_created_at)
      SELECT s.site_id, s.customer_id,
        CASE WHEN i % 997 = 0 THEN 'Quarry Restoration' WHEN i % 6 = 0 THEN 'Landscape Renovation'
          ELSE (ARRAY['Spring Cleanup','Snow Removal','Lawn Maintenance','Hardscape Patio','Tree Planting','Irrigation Repair','Mulch Install'])[1 + i % 7] END
          || ' ' || i,
        (i * 7) % 4, ((i * 7919) % 5000000) / 100.0, u.user_id, u.user_id, i % 5 = 2,
        now() - make_interval(days => i % 1095, secs => i % 86400)
      FROM generate_series(1, ${estimates}) AS g(i)
      JOIN sites s ON s.site_id = (SELECT min(site_id) FROM sites) + (i::bigint * 7) % ${sites}
      CROSS JOIN (SELECT min(user_id) AS user_id FROM users) u`);

    // 2 to 6 work areas per estimate (4 on average), 3 to 7 items per area (5 on average); the
    // estimates keep the random subtotals above (rewriting 50k estimates would only add dead rows).
    await db.execute(sql`
      INSERT INTO work_areas (estimate_id, work_area_name, work_area_is_included)
      SELECT e.estimate_id, (ARRAY['Front Lawn','Back Yard','Parking Lot','Entrance Beds','Side Slope','Courtyard'])[k] || ' ' || k, k <> 6
      FROM estimates e CROSS JOIN LATERAL generate_series(1, 2 + e.estimate_id % 5) AS g(k)`);
    await db.execute(sql`
      INSERT INTO work_area_items (work_area_id, work_area_item_name, work_area_item_quantity, work_area_item_units,
        work_area_item_unit_cost, work_area_item_unit_price, work_area_item_total_cost, work_area_item_total_price)
      SELECT w.work_area_id, (ARRAY['Mulch','Topsoil','Boxwood Shrub','Perennials','Sod','Pavers','Steel Edging','Labor','River Stone','Fertilizer'])[1 + (w.work_area_id + k) % 10],
        q, (ARRAY['yd','ea','sqft','hr','lb'])[1 + k % 5], c, c * 1.4, q * c, q * c * 1.4
      FROM work_areas w CROSS JOIN LATERAL generate_series(1, 3 + w.work_area_id % 5) AS g(k)
      CROSS JOIN LATERAL (SELECT (1 + (w.work_area_id * k) % 40)::numeric AS q, (5 + (w.work_area_id + k * 13) % 90)::numeric AS c) v`);
    await db.execute(sql`
      UPDATE work_areas w SET work_area_subtotal = t.total
      FROM (SELECT work_area_id, sum(work_area_item_total_price) AS total FROM work_area_items GROUP BY work_area_id) t
      WHERE t.work_area_id = w.work_area_id`);
  });
  // The assignments rewrote every site (the service ids it keeps, migration 0008), leaving a
  // dead copy of each: an office that assigned them over the years, vacuumed meanwhile, reused
  // that space. Compacted as such, for Yardstick and its naive peer alike.
  await db.execute(sql`VACUUM FULL sites`);
  // The steady state of a running installation: autovacuum, or server/db/maintenance.ts on PGlite.
  await db.execute(sql`VACUUM ANALYZE`);
}
