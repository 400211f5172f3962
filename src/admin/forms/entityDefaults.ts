import type { Entity } from '../../schema';

/** Initial form values of a new record: the declared `defaultValue`s (e.g. customer type Lead). */
export function entityDefaults(entity: Pick<Entity, 'resolved'>): Record<string, unknown> {
  return Object.fromEntries(entity.resolved.filter((f) => f.defaultValue !== undefined).map((f) => [f.name, f.defaultValue]));
}
