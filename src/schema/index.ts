/** Registry of every entity: one line per entity. */
import type { Entity } from './defineEntity';
import { customers } from './customers';
import { contacts } from './contacts';

export const entities: Entity[] = [customers, contacts];

export function entityByName(name: string): Entity {
  const found = entities.find((e) => e.name === name);
  if (!found) throw new Error(`Unknown entity ${name}`);
  return found;
}

export { customers, contacts };
export * from './defineEntity';
export * from './validate';
