import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { estimates, sites, workAreas } from '../entityTables';
import { bytea } from './bytea';
import { snowVisits } from './snow';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Photos (issue 42) of a site, an estimate, a work area or a snow visit, and the images site
 * plans are drawn over (`purpose: 'plan'`, shown in no gallery). Each is kept in three versions
 * made on the heavy-work threads: the original as uploaded (its orientation applied, metadata
 * other than the time taken stripped), `large` (at most 2,048 px) and `thumb` (at most 400 px),
 * in parts (photo_parts). In the database, so that several servers share them and a backup has
 * them; `bytes` (all three) counts against the office's quota. `storedAt` is null while the
 * parts are being written: such a photo is in no gallery yet.
 */
export const photos = pgTable(
  'photos',
  {
    id: serial('photo_id').primaryKey(),
    siteID: integer('photo_site_id').references(() => sites.id, { onDelete: 'cascade' }),
    estimateID: integer('photo_estimate_id').references(() => estimates.id, { onDelete: 'cascade' }),
    workAreaID: integer('photo_work_area_id').references(() => workAreas.id, { onDelete: 'cascade' }),
    snowVisitID: integer('photo_snow_visit_id').references(() => snowVisits.id, { onDelete: 'restrict' }),
    purpose: varchar('photo_purpose', { length: 10 }).$type<'photo' | 'plan'>().notNull().default('photo'),
    caption: varchar('photo_caption', { length: 200 }).notNull().default(''),
    sortOrder: integer('photo_sort_order').notNull().default(0),
    printOnProposal: boolean('photo_print_on_proposal').notNull().default(false),
    /** The original's type, by its bytes: image/jpeg, image/png or image/webp. */
    contentType: varchar('photo_content_type', { length: 20 }).notNull(),
    fileName: varchar('photo_file_name', { length: 255 }).notNull().default(''),
    /** The original's size once oriented. */
    width: integer('photo_width').notNull(),
    height: integer('photo_height').notNull(),
    largeWidth: integer('photo_large_width').notNull(),
    largeHeight: integer('photo_large_height').notNull(),
    takenAt: at('photo_taken_at'),
    bytes: integer('photo_bytes').notNull(),
    createdAt: at('photo_created_at').notNull(),
    storedAt: at('photo_stored_at'),
    createdBy: integer('photo_created_by'),
    version: integer('photo_version').notNull().default(1),
  },
  (t) => [
    index('photos_site_idx').on(t.siteID),
    index('photos_estimate_idx').on(t.estimateID),
    index('photos_work_area_idx').on(t.workAreaID),
    index('photos_snow_visit_idx').on(t.snowVisitID),
    check('photos_one_owner', sql`num_nonnulls(${t.siteID}, ${t.estimateID}, ${t.workAreaID}, ${t.snowVisitID}) = 1`),
  ],
);

/**
 * A photo's versions in parts of at most PHOTO_PART_BYTES (src/domain/photos.ts), each written
 * by a statement of its own: a large photo never holds the embedded database (and with it the
 * server's event loop) for the whole of its bytes, and it is read back, and sent, part by part.
 */
export const photoParts = pgTable(
  'photo_parts',
  {
    photoID: integer('photo_part_photo_id')
      .notNull()
      .references(() => photos.id, { onDelete: 'cascade' }),
    version: varchar('photo_part_version', { length: 10 }).$type<'original' | 'large' | 'thumb'>().notNull(),
    part: integer('photo_part_number').notNull(),
    data: bytea('photo_part_data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.photoID, t.version, t.part] })],
);

/**
 * A site's plan (issue 42): the image it is drawn over (none: a blank grid), the scale, and the
 * shapes as a GeoJSON FeatureCollection in plan coordinates (src/domain/sitePlan.ts).
 */
export const sitePlans = pgTable('site_plans', {
  siteID: integer('site_plan_site_id')
    .primaryKey()
    .references(() => sites.id, { onDelete: 'cascade' }),
  imageID: integer('site_plan_image_id').references(() => photos.id, { onDelete: 'set null' }),
  /** Feet per plan unit; null until the scale is set on an image. */
  feetPerUnit: doublePrecision('site_plan_feet_per_unit'),
  shapes: jsonb('site_plan_shapes').$type<unknown>().notNull(),
  printOnProposal: boolean('site_plan_print_on_proposal').notNull().default(false),
  version: integer('site_plan_version').notNull().default(1),
  updatedAt: at('site_plan_updated_at').notNull(),
  updatedBy: integer('site_plan_updated_by'),
});
