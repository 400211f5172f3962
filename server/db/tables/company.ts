import { integer, jsonb, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import type { FollowUpSettings } from '../../../src/domain/followUps';
import type { LostReason } from '../../../src/domain/lostReasons';
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

/** Settings › Company › Follow-ups (issue 39): one row (id 1) once saved; before that the defaults apply. */
export const companyFollowUps = pgTable('company_follow_ups', {
  id: integer('follow_ups_id').primaryKey(),
  settings: jsonb('follow_ups_settings').$type<FollowUpSettings>().notNull(),
  version: integer('follow_ups_version').notNull().default(1),
  updatedAt: timestamp('follow_ups_updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** Settings › Company › Lost reasons (issue 39): one row (id 1) once saved; before that the defaults apply. */
export const companyLostReasons = pgTable('company_lost_reasons', {
  id: integer('lost_reasons_id').primaryKey(),
  reasons: jsonb('lost_reasons_list').$type<LostReason[]>().notNull(),
  version: integer('lost_reasons_version').notNull().default(1),
  updatedAt: timestamp('lost_reasons_updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
