/**
 * The Drizzle tables of every declared entity, derived from src/schema.
 * Named exports, one line each, so drizzle-kit sees them when it generates migrations.
 */
import { items as itemEntity, priceRules as priceRuleEntity, termsConditions as termsConditionEntity } from '../../src/schema';
import { customers as customerEntity, contacts as contactEntity } from '../../src/schema';
import { sites as siteEntity, services as serviceEntity } from '../../src/schema';
import { estimates as estimateEntity, workAreas as workAreaEntity, workAreaItems as workAreaItemEntity } from '../../src/schema';
import { templateAreas as templateAreaEntity, templateItems as templateItemEntity } from '../../src/schema';
import { agreements as agreementEntity, storms as stormEntity } from '../../src/schema';
import { extraEntities } from '../../src/schema/extraEntities';
import type { Entity, FieldDef } from '../../src/schema/defineEntity';
import { tableFromEntity, type AnyEntityTable, type EntityTable } from './tableFromEntity';
import { users } from './tables/users';

// Users are not a declared entity (passwords, tokens), but entities may reference them.
const byEntity = new Map<string, AnyEntityTable>([['users', users as unknown as AnyEntityTable]]);
const resolve = (name: string): AnyEntityTable => {
  const table = byEntity.get(name);
  if (!table) throw new Error(`Table of ${name} is not declared yet`);
  return table;
};
/** Derives and remembers the table of an entity (the registry below, or one declared elsewhere). */
export function registerEntityTable<E extends Entity<Record<string, FieldDef>>>(entity: E): EntityTable<E> {
  const table = tableFromEntity(entity, resolve);
  byEntity.set(entity.name, table as unknown as AnyEntityTable);
  return table;
}

export const customers = registerEntityTable(customerEntity);
export const contacts = registerEntityTable(contactEntity);
export const items = registerEntityTable(itemEntity);
export const priceRules = registerEntityTable(priceRuleEntity);
export const termsConditions = registerEntityTable(termsConditionEntity);
export const sites = registerEntityTable(siteEntity);
export const services = registerEntityTable(serviceEntity);
export const estimates = registerEntityTable(estimateEntity);
export const workAreas = registerEntityTable(workAreaEntity);
export const workAreaItems = registerEntityTable(workAreaItemEntity);
export const templateAreas = registerEntityTable(templateAreaEntity);
export const templateItems = registerEntityTable(templateItemEntity);
export const agreements = registerEntityTable(agreementEntity);
export const storms = registerEntityTable(stormEntity);
// Added by a build (src/schema/extraEntities.ts); none in the product.
for (const entity of extraEntities) registerEntityTable(entity);

export function tableOf(entityName: string): AnyEntityTable {
  return resolve(entityName);
}
