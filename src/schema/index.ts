/** Registry of every entity: one line per entity. */
import type { Entity, ResolvedField } from './defineEntity';
import { customers } from './customers';
import { contacts } from './contacts';
import { items } from './items';
import { priceRules } from './priceRules';
import { termsConditions } from './termsConditions';
import { sites } from './sites';
import { services } from './services';
import { estimates } from './estimates';
import { workAreas } from './workAreas';
import { workAreaItems } from './workAreaItems';
import { templateAreas, templateItems } from './templates';
import { agreements } from './agreements';
import { storms } from './storms';
import { extraEntities } from './extraEntities';

export const entities: Entity[] = [
  customers,
  contacts,
  items,
  priceRules,
  termsConditions,
  sites,
  services,
  estimates,
  workAreas,
  workAreaItems,
  templateAreas,
  templateItems,
  agreements,
  storms,
  ...extraEntities,
];

export function entityByName(name: string): Entity {
  const found = entities.find((e) => e.name === name);
  if (!found) throw new Error(`Unknown entity ${name}`);
  return found;
}

/** The field a lookup reads on the row its reference points to (undefined for users, not a declared entity). */
export function lookedUpField(entity: Entity, field: Pick<ResolvedField, 'lookup'>): ResolvedField | undefined {
  const via = field.lookup && entity.field(field.lookup.via);
  const target = entities.find((e) => e.name === via?.references?.entity);
  return field.lookup && target?.field(field.lookup.field);
}

export {
  customers,
  contacts,
  items,
  priceRules,
  termsConditions,
  sites,
  services,
  estimates,
  workAreas,
  workAreaItems,
  templateAreas,
  templateItems,
  agreements,
  storms,
};
export * from './defineEntity';
export * from './validate';
export * from './recordTypes';
export { ESTIMATE_CREATED_YEAR, ESTIMATE_SITE_SERVICE } from './estimates';
