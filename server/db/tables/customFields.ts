import { boolean, index, integer, jsonb, numeric, pgTable, serial, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import type { CustomFieldEntity, CustomFieldKind } from '../../../src/schema/customFields';
import { users } from './users';

const limit = (name: string) => numeric(name, { precision: 14, scale: 2, mode: 'number' });

/**
 * Custom fields' definitions (issue 38): what an admin added to an entity in Settings › Fields.
 * Their values are in the entity's own `<prefix>_custom` jsonb column, by `key`.
 */
export const customFields = pgTable(
  'custom_fields',
  {
    id: serial('custom_field_id').primaryKey(),
    version: integer('custom_field_version').notNull().default(1),
    createdAt: timestamp('custom_field_created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('custom_field_updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    entity: varchar('custom_field_entity', { length: 20 }).$type<CustomFieldEntity>().notNull(),
    key: varchar('custom_field_key', { length: 40 }).notNull(),
    label: varchar('custom_field_label', { length: 60 }).notNull(),
    kind: varchar('custom_field_kind', { length: 20 }).$type<CustomFieldKind>().notNull(),
    required: boolean('custom_field_required').notNull().default(false),
    min: limit('custom_field_min'),
    max: limit('custom_field_max'),
    choices: jsonb('custom_field_choices').$type<string[]>().notNull().default([]),
    showInList: boolean('custom_field_show_in_list').notNull().default(false),
    filterable: boolean('custom_field_filterable').notNull().default(false),
    printOnProposal: boolean('custom_field_print_on_proposal').notNull().default(false),
    help: varchar('custom_field_help', { length: 300 }),
    position: smallint('custom_field_position').notNull().default(0),
  },
  (t) => [
    uniqueIndex('custom_fields_entity_key_idx').on(t.entity, t.key),
    index('custom_fields_entity_position_idx').on(t.entity, t.position),
  ],
);

/** Who changed a field's definition, when and how (issue 38: definitions are audited). */
export const customFieldChanges = pgTable(
  'custom_field_changes',
  {
    id: serial('custom_field_change_id').primaryKey(),
    at: timestamp('custom_field_change_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    fieldID: integer('custom_field_change_field_id').notNull(),
    entity: varchar('custom_field_change_entity', { length: 20 }).notNull(),
    key: varchar('custom_field_change_key', { length: 40 }).notNull(),
    label: varchar('custom_field_change_label', { length: 60 }).notNull(),
    action: varchar('custom_field_change_action', { length: 20 }).$type<'added' | 'changed' | 'deleted' | 'reordered'>().notNull(),
    changes: jsonb('custom_field_change_changes').$type<Record<string, [unknown, unknown]>>().notNull().default({}),
    userID: integer('custom_field_change_user_id').references(() => users.id, { onDelete: 'set null' }),
    userName: varchar('custom_field_change_user_name', { length: 301 }).notNull().default(''),
  },
  (t) => [index('custom_field_changes_entity_at_idx').on(t.entity, t.at)],
);
