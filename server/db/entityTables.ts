/**
 * The Drizzle tables of every declared entity, derived from src/schema.
 * Named exports, one line each, so drizzle-kit sees them when it generates migrations.
 */
import { customers as customerEntity, contacts as contactEntity } from '../../src/schema';
import { tableFromEntity, type AnyEntityTable } from './tableFromEntity';

const byEntity = new Map<string, AnyEntityTable>();
const resolve = (name: string): AnyEntityTable => {
  const table = byEntity.get(name);
  if (!table) throw new Error(`Table of ${name} is not declared yet`);
  return table;
};
function register(entity: Parameters<typeof tableFromEntity>[0]): AnyEntityTable {
  const table = tableFromEntity(entity, resolve);
  byEntity.set(entity.name, table);
  return table;
}

export const customers = register(customerEntity);
export const contacts = register(contactEntity);

export function tableOf(entityName: string): AnyEntityTable {
  return resolve(entityName);
}
