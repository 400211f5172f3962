import type { Entity } from '../../../src/schema/defineEntity';
import { validateRecord } from '../../../src/schema/validate';

/** A starter row must pass the same rules as a user's; a broken data file stops the start. */
export function checkedValues(entity: Entity, row: Record<string, unknown>, what: string): Record<string, unknown> {
  const { values, errors } = validateRecord(entity, row);
  if (Object.keys(errors).length) throw new Error(`Starter ${what} is invalid: ${JSON.stringify(errors)}`);
  return values;
}
