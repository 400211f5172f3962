import type { Db } from '../db/connection';
import { termsConditionHooks } from './hooks/termsConditions';

type Row = Record<string, unknown>;

/**
 * What an entity's generated routes need beyond its declaration, kept as small as that:
 * one optional step per entity, one line per entity in the registry below.
 */
export interface EntityHooks {
  /** Completes the body of a new record before validation (e.g. a position after the others). */
  prepareCreate?: (db: Db, body: Row) => Promise<Row>;
}

const entityHooks: Record<string, EntityHooks> = {
  termsConditions: termsConditionHooks,
};

export function hooksOf(entityName: string): EntityHooks {
  return entityHooks[entityName] ?? {};
}
