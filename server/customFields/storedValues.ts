import { sql } from 'drizzle-orm';
import {
  checkCustomValue,
  customValueText,
  isTextualKind,
  type CustomFieldDefinition,
  type CustomFieldRule,
  type CustomValue,
} from '../../src/schema/customFields';
import { entityByName } from '../../src/schema';
import type { Db } from '../db/connection';
import { tableOf } from '../db/entityTables';
import { CUSTOM_COLUMN } from '../db/tableFromEntity';

/** The custom values' column of an entity's table. */
const customColumn = (entity: string) => tableOf(entity)[CUSTOM_COLUMN];

/** How many of an entity's records hold a value for `key`. */
export async function countValues(db: Db, entity: string, key: string): Promise<number> {
  const table = tableOf(entity);
  const [{ count }] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(table)
    .where(sql`${customColumn(entity)} ? ${key}`);
  return Number(count);
}

/** A stored value as the input of another kind (Yes/No and several choices become their text). */
function asInputOf(from: CustomFieldDefinition, to: CustomFieldRule, value: CustomValue): unknown {
  if (to.kind === 'multiChoice' && typeof value === 'string') return [value];
  if (to.kind === 'choice' && Array.isArray(value)) return value.length === 1 ? value[0] : value;
  if (isTextualKind(to.kind) && to.kind !== 'choice' && to.kind !== 'multiChoice') return customValueText(from, value);
  return value;
}

export interface Conversion {
  /** Records whose value the new rules refuse. */
  refused: number;
  /** The records whose stored form changes, and their new value. */
  changed: { id: number; value: CustomValue }[];
}

/**
 * Every stored value of a field under its new settings: how many the new rules refuse (a kind
 * they cannot become, a choice removed, a longer text than the new limit) and the new stored
 * form of the others. Missing values are never refused: a field made required asks on the next save.
 */
export async function convertValues(db: Db, from: CustomFieldDefinition, to: CustomFieldRule): Promise<Conversion> {
  const table = tableOf(from.entity);
  const rows = (await db
    .select({ id: table.id, value: sql<CustomValue>`${customColumn(from.entity)} -> ${from.key}` })
    .from(table)
    .where(sql`${customColumn(from.entity)} ? ${from.key}`)) as { id: number; value: CustomValue }[];
  const conversion: Conversion = { refused: 0, changed: [] };
  for (const { id, value } of rows) {
    const outcome = checkCustomValue({ ...to, required: false }, asInputOf(from, to, value));
    if ('error' in outcome) conversion.refused += 1;
    else if (JSON.stringify(outcome.value) !== JSON.stringify(value)) conversion.changed.push({ id, value: outcome.value as CustomValue });
  }
  return conversion;
}

/** Writes converted values (a new version for each record that changes). */
export async function writeValues(db: Db, entity: string, key: string, changed: Conversion['changed']): Promise<void> {
  const table = tableOf(entity);
  const column = customColumn(entity);
  for (const { id, value } of changed) {
    await db
      .update(table)
      .set({
        [CUSTOM_COLUMN]: sql`jsonb_set(${column}, ${`{${key}}`}::text[], ${JSON.stringify(value)}::jsonb)`,
        version: sql`${table.version} + 1`,
      } as never)
      .where(sql`${table.id} = ${id}`);
  }
}

/** Removes a field's values from every record of its entity; answers how many lost one. */
export async function removeValues(db: Db, entity: string, key: string): Promise<number> {
  const table = tableOf(entity);
  const column = customColumn(entity);
  const removed = await db
    .update(table)
    .set({ [CUSTOM_COLUMN]: sql`${column} - ${key}::text`, version: sql`${table.version} + 1` } as never)
    .where(sql`${column} ? ${key}`)
    .returning({ id: table.id });
  return removed.length;
}

/** Names an entity's declared fields take, which a custom field's key may not repeat. */
export function reservedKeys(entity: string): Set<string> {
  const declared = entityByName(entity);
  const names = ['id', 'version', 'created_at', 'updated_at', 'createdat', 'updatedat', 'custom', 'search_text'];
  for (const f of declared.resolved) names.push(...[f.name, f.key, f.column].filter(Boolean).map((name) => name.toLowerCase()));
  return new Set(names);
}
