import type { SQL } from 'drizzle-orm';
import type { Db } from '../db/connection';
import type { AnyEntityTable } from '../db/tableFromEntity';

/**
 * A list filter a feature adds to an entity beyond its fields (issue 39: the estimates whose
 * newest proposal is in a stage, `filter:proposalStage=expired`): the feature registers it when
 * it loads, as entity hooks are registered, so that the engine's lists know no feature.
 */
export interface FeatureFilter {
  /** What the filter takes; any other value is a 400 naming them. */
  values: readonly string[];
  /** For the API reference. */
  description: string;
  /** The records matching any of `values` at `now` (the app's clock). */
  condition(db: Db, table: AnyEntityTable, values: readonly string[], now: number): Promise<SQL>;
}

const registry = new Map<string, FeatureFilter>();
const keyOf = (entityName: string, key: string) => `${entityName} ${key}`;

export function registerFeatureFilter(entityName: string, key: string, filter: FeatureFilter): void {
  registry.set(keyOf(entityName, key), filter);
}

export function featureFilter(entityName: string, key: string): FeatureFilter | undefined {
  return registry.get(keyOf(entityName, key));
}

/** The filters features added to an entity, by key. */
export function featureFiltersOf(entityName: string): [string, FeatureFilter][] {
  const prefix = `${entityName} `;
  return [...registry].filter(([key]) => key.startsWith(prefix)).map(([key, filter]) => [key.slice(prefix.length), filter]);
}
