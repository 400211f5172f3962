import { sql } from 'drizzle-orm';
import type { Db } from '../server/db/connection';

export interface EstimateSeed {
  estimates: number;
  sites: number;
  services: number;
}

/**
 * A company with `estimates` estimates over `sites` sites (of a tenth as many customers),
 * spread over three years with every status, one in five archived, and `services` services
 * assigned to about two per site: a few services on most sites, most on few, two on none.
 */
export async function seedEstimates(db: Db, { estimates, sites, services }: EstimateSeed): Promise<void> {
  const customers = Math.max(1, Math.floor(sites / 10));
  await db.execute(sql`
    INSERT INTO users (user_username, user_first_name, user_last_name, user_password_hash)
    VALUES ('bench', 'Bench', 'User', 'not a password hash')`);
  await db.execute(sql`
    INSERT INTO customers (customer_name, customer_address_1, customer_city, customer_state, customer_type)
    SELECT 'Customer ' || i, i || ' Main St', 'Trenton', 'NJ', i % 2 FROM generate_series(1, ${customers}) AS g(i)`);
  await db.execute(sql`
    INSERT INTO sites (customer_id, site_name, site_address_1, site_city, site_state)
    SELECT c.customer_id, 'Site ' || i, i || ' Oak Ave', 'Camden', 'NJ'
    FROM generate_series(1, ${sites}) AS g(i)
    JOIN customers c ON c.customer_id = (SELECT min(customer_id) FROM customers) + i % ${customers}`);
  await db.execute(sql`
    INSERT INTO services (service_name, service_start_date)
    SELECT 'Service ' || lpad(i::text, 3, '0'), now() FROM generate_series(1, ${services}) AS g(i)`);
  // Service k goes to the sites whose id is a multiple of k: a few services everywhere, most on few sites.
  await db.execute(sql`
    INSERT INTO site_services (site_id, service_id)
    SELECT s.site_id, v.service_id
    FROM services v
    JOIN sites s ON s.site_id % (1 + (v.service_id - (SELECT min(service_id) FROM services)) * 3) = 0
    WHERE v.service_id - (SELECT min(service_id) FROM services) < ${services - 2}`);
  await db.execute(sql`
    INSERT INTO estimates (site_id, customer_id, estimate_project_name, estimate_status, estimate_subtotal,
      estimate_salesperson, estimate_estimator, estimate_is_archived, estimate_created_at)
    SELECT s.site_id, s.customer_id, 'Project ' || i, (i * 7) % 4, ((i * 7919) % 5000000) / 100.0,
      u.user_id, u.user_id, i % 5 = 0,
      now() - make_interval(days => i % 1095, secs => i % 86400)
    FROM generate_series(1, ${estimates}) AS g(i)
    JOIN sites s ON s.site_id = (SELECT min(site_id) FROM sites) + i % ${sites}
    CROSS JOIN (SELECT min(user_id) AS user_id FROM users) u`);
  // The steady state of a running installation: autovacuum, or server/db/maintenance.ts on PGlite.
  await db.execute(sql`VACUUM ANALYZE`);
}
