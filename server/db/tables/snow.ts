import { sql } from 'drizzle-orm';
import { date, index, integer, jsonb, numeric, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import type { SnowService } from '../../../src/domain/snowPricing';
import { agreements, sites, storms } from '../entityTables';
import { agreementLines } from './agreements';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const money = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'number' });

/**
 * The snow log (issue 41): what crews did at a site during a storm, as they reported it. Only
 * ever inserted: a correction is a new entry naming the one it corrects and why. Each site's
 * entries of a season are a SHA-256 chain (server/snow/snowChain.ts): `hash` covers the
 * entry's content, when and by whom it was recorded, and `prevHash`. No key points at users, so
 * nothing done to an account ever rewrites an entry.
 */
export const snowVisits = pgTable(
  'snow_visits',
  {
    id: serial('snow_visit_id').primaryKey(),
    stormID: integer('snow_visit_storm_id')
      .notNull()
      .references(() => storms.id, { onDelete: 'restrict' }),
    siteID: integer('snow_visit_site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'restrict' }),
    /** The winter, by the year it starts (2026: 2026–27). */
    season: integer('snow_visit_season').notNull(),
    /** Its place in the site's chain for the season, from 1. */
    sequence: integer('snow_visit_sequence').notNull(),
    arrival: at('snow_visit_arrival').notNull(),
    departure: at('snow_visit_departure'),
    services: jsonb('snow_visit_services').$type<SnowService[]>().notNull(),
    passes: integer('snow_visit_passes').notNull(),
    material: jsonb('snow_visit_material').$type<{ kind: string; quantity: number; unit: string } | null>(),
    depth: numeric('snow_visit_depth', { precision: 6, scale: 2, mode: 'number' }),
    crew: varchar('snow_visit_crew', { length: 100 }).notNull(),
    notes: text('snow_visit_notes').notNull(),
    corrects: integer('snow_visit_corrects'),
    reason: text('snow_visit_reason'),
    recordedAt: at('snow_visit_recorded_at').notNull(),
    recordedBy: integer('snow_visit_recorded_by'),
    recordedByName: varchar('snow_visit_recorded_by_name', { length: 301 }).notNull(),
    prevHash: varchar('snow_visit_prev_hash', { length: 64 }).notNull(),
    hash: varchar('snow_visit_hash', { length: 64 }).notNull(),
  },
  (t) => [uniqueIndex('snow_visits_chain_idx').on(t.siteID, t.season, t.sequence), index('snow_visits_storm_idx').on(t.stormID, t.siteID)],
);

/**
 * A storm's billing lines, made by its close-out from the logged visits and each contracted
 * site's price sheet; closing out again remakes those not exported yet. GET /api/billing shows
 * them with `source: 'event'` (an export takes them into billed_lines by their key).
 */
export const stormCharges = pgTable(
  'storm_charges',
  {
    key: varchar('storm_charge_key', { length: 80 }).primaryKey(),
    stormID: integer('storm_charge_storm_id')
      .notNull()
      .references(() => storms.id, { onDelete: 'cascade' }),
    agreementID: integer('storm_charge_agreement_id')
      .notNull()
      .references(() => agreements.id, { onDelete: 'cascade' }),
    lineID: integer('storm_charge_line_id')
      .notNull()
      .references(() => agreementLines.id, { onDelete: 'cascade' }),
    siteID: integer('storm_charge_site_id').notNull(),
    date: date('storm_charge_date', { mode: 'string' }).notNull(),
    description: varchar('storm_charge_description', { length: 400 }).notNull(),
    quantity: numeric('storm_charge_quantity', { precision: 10, scale: 2, mode: 'number' }).notNull(),
    rate: money('storm_charge_rate').notNull(),
    visitIDs: jsonb('storm_charge_visit_ids').$type<number[]>().notNull(),
  },
  (t) => [index('storm_charges_date_idx').on(t.date), index('storm_charges_storm_idx').on(t.stormID)],
);

/** A site's snow facts the office keeps: its place on the storm route, and the paved area salted (ft²). */
export const snowSites = pgTable('snow_sites', {
  siteID: integer('snow_site_site_id')
    .primaryKey()
    .references(() => sites.id, { onDelete: 'cascade' }),
  routePosition: integer('snow_site_route_position'),
  pavedArea: numeric('snow_site_paved_area', { precision: 10, scale: 0, mode: 'number' }),
  updatedAt: at('snow_site_updated_at')
    .notNull()
    .default(sql`now()`),
});
