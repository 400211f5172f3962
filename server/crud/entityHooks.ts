import { termsConditionHooks } from './hooks/termsConditions';
import { estimateHooks } from './hooks/estimates';
import { itemHooks } from './hooks/items';
import { workAreaHooks } from './hooks/workAreas';
import { workAreaItemHooks } from './hooks/workAreaItems';
import type { EntityHooks } from './hookTypes';

/** The write hooks of each entity that has any (what they may do: ./hookTypes.ts). */
const entityHooks: Record<string, EntityHooks> = {
  termsConditions: termsConditionHooks,
  estimates: estimateHooks,
  itemCatalog: itemHooks,
  workAreas: workAreaHooks,
  workAreaItems: workAreaItemHooks,
};

export function hooksOf(entityName: string): EntityHooks {
  return entityHooks[entityName] ?? {};
}
