import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { services, sites } from '../entityTables';

/**
 * Services assigned to sites (SPEC §3: an assignment is identified by its service id).
 * Assignments go with their site, and with their service once the user has confirmed that.
 */
export const siteServices = pgTable(
  'site_services',
  {
    siteID: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    serviceID: integer('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
    createdAt: timestamp('site_service_created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.siteID, t.serviceID] }), index('site_services_service_id_idx').on(t.serviceID)],
);

/**
 * A site's service ids, ascending: a column of sites that no record shows, kept by statement
 * triggers on site_services and indexed with GIN (migration 0008_site_service_ids.sql), so the
 * operations Site Services filter is a condition on the site's own row.
 */
export const siteServiceIds = sql`${sites}.${sql.identifier('site_service_ids')}`;

/** A site has any of these services (one GIN-indexed condition on its own row). */
export const siteServiceIDsOverlap = (serviceIDs: readonly number[]) => sql`${siteServiceIds} && ${`{${serviceIDs.join(',')}}`}::int[]`;
