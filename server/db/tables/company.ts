import { integer, jsonb, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import { companyProfile as companyProfileEntity } from '../../../src/schema/companyProfile';
import { registerEntityTable } from '../entityTables';
import { bytea } from './bytea';

/** The company profile (src/schema/companyProfile.ts): a single row, id 1. */
export const companyProfile = registerEntityTable(companyProfileEntity);

/** The profile's logo, kept apart so that reading the profile never drags the image along. */
export const companyLogo = pgTable('company_logo', {
  companyID: integer('company_id')
    .primaryKey()
    .references(() => companyProfile.id, { onDelete: 'cascade' }),
  contentType: varchar('company_logo_content_type', { length: 20 }).notNull(),
  data: bytea('company_logo_data').notNull(),
  updatedAt: timestamp('company_logo_updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * The office's settings beyond the profile (issue 39: follow-ups, lost reasons), one row each by
 * key: what was saved, with its version. Before the first save a setting reads as its defaults.
 */
export const officeSettings = pgTable('office_settings', {
  key: varchar('setting_key', { length: 40 }).primaryKey(),
  value: jsonb('setting_value').$type<Record<string, unknown>>().notNull(),
  version: integer('setting_version').notNull().default(1),
  updatedAt: timestamp('setting_updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
