import type { EntityHooks } from './hookTypes';

/**
 * The write hooks of each entity that has any (what they may do: ./hookTypes.ts). The engine
 * knows no feature: each feature's hooks module registers its entity's hooks when it is loaded,
 * and server/hooks.ts loads every one of them (the app, the seed and the tests' helpers import it).
 */
const entityHooks = new Map<string, EntityHooks>();

/**
 * Registers an entity's write hooks; an entity has one set (the same set again is a no-op).
 * Answers how to take them away again (a test's own hooks, in modules its worker shares).
 */
export function registerEntityHooks(entityName: string, hooks: EntityHooks): () => void {
  const known = entityHooks.get(entityName);
  if (known && known !== hooks) throw new Error(`The entity ${entityName} has its write hooks already.`);
  entityHooks.set(entityName, hooks);
  return () => {
    if (entityHooks.get(entityName) === hooks) entityHooks.delete(entityName);
  };
}

export function hooksOf(entityName: string): EntityHooks {
  return entityHooks.get(entityName) ?? {};
}
