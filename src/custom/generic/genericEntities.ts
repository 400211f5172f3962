import { entities, type Entity } from '../../schema';

/** The entities of the registry whose screens are generic: those declaring `screens`. */
export function genericEntities(registry: readonly Entity[] = entities): Entity[] {
  return registry.filter((entity) => entity.screens);
}
