/** Registry of every entity: one line per entity. */
import type { Entity } from './defineEntity';
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
  ...extraEntities,
];

export function entityByName(name: string): Entity {
  const found = entities.find((e) => e.name === name);
  if (!found) throw new Error(`Unknown entity ${name}`);
  return found;
}

export { customers, contacts, items, priceRules, termsConditions, sites, services, estimates, workAreas, workAreaItems, templateAreas, templateItems };
export * from './defineEntity';
export * from './validate';
