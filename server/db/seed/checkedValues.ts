import type { Entity, FieldDef } from '../../../src/schema/defineEntity';
import { checkedInsert, type InsertOf } from '../tableFromEntity';
import { storableValues } from '../../crud/records';

/**
 * A starter row passes the same rules as a user's and is stored the same way (rich text
 * sanitised, datetimes as Dates); a broken data file stops the start.
 */
export function checkedValues<E extends Entity<Record<string, FieldDef>>>(
  entity: E,
  row: Record<string, unknown>,
  what: string,
): InsertOf<E> {
  const { values, errors } = storableValues(entity, row);
  if (Object.keys(errors).length) throw new Error(`Starter ${what} is invalid: ${JSON.stringify(errors)}`);
  return checkedInsert(entity, values);
}
