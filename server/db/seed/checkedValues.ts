import type { Entity } from '../../../src/schema/defineEntity';
import { storableValues } from '../../crud/records';

/**
 * A starter row passes the same rules as a user's and is stored the same way (rich text
 * sanitised, datetimes as Dates); a broken data file stops the start.
 */
export function checkedValues(entity: Entity, row: Record<string, unknown>, what: string): Record<string, unknown> {
  const { values, errors } = storableValues(entity, row);
  if (Object.keys(errors).length) throw new Error(`Starter ${what} is invalid: ${JSON.stringify(errors)}`);
  return values;
}
