import { entities, type Entity } from '../../schema';

/** The entities of the registry that have screens (they declare `screens`): each is a `<Resource>` with a navigation entry. */
export function entitiesWithScreens(registry: readonly Entity[] = entities): Entity[] {
  return registry.filter((entity) => entity.screens);
}
