import { Suspense } from 'react';
import type { Entity } from '../../src/schema';
import { resourceFromEntity } from '../../src/admin/generic/resourceFromEntity';
import { bespokeScreens } from '../../src/resources';

/** The list screen of an entity as App.tsx makes it: the generic one with the bespoke parts of src/resources in place. */
export function AppListScreen({ entity }: { entity: Entity }) {
  return <Suspense fallback={null}>{resourceFromEntity(entity, bespokeScreens[entity.name]).list}</Suspense>;
}
