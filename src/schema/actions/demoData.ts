/** Settings › Demo data (issue 25): removing what the demo seed created. */
import { z } from 'zod';
import { companyProfile } from '../companyProfile';
import { contacts } from '../contacts';
import { customers } from '../customers';
import { estimates } from '../estimates';
import { sites } from '../sites';
import { workAreaItems } from '../workAreaItems';
import { workAreas } from '../workAreas';
import { defineAction } from './defineAction';
import { DEMO_DATA_QUERY, PROPOSALS_QUERY, REVISIONS_QUERY } from './queryNames';

/** What the demo seed creates, by entity, in the order it creates them. */
export const DEMO_ENTITY_NAMES = [customers, contacts, sites, estimates, workAreas, workAreaItems].map((entity) => entity.name);

/** A count for each entity the demo seed creates. */
export const demoCountsSchema = z.object(Object.fromEntries(DEMO_ENTITY_NAMES.map((name) => [name, z.number().int().min(0)])));

export const removeDemoData = defineAction({
  name: 'removeDemoData',
  method: 'DELETE',
  path: '/demoData',
  access: 'admin',
  tag: 'Demo data',
  summary: 'Remove the demo company',
  description:
    "Deletes exactly what the demo seed created — its customers with their contacts, sites, assigned services and estimates, and the letterhead while it is still the demo's — in one transaction; 409 naming the records changed or used since, and nothing deleted.",
  status: 200,
  answer: z.object({ removed: demoCountsSchema }),
  errors: [409],
  invalidates: [DEMO_DATA_QUERY, ...DEMO_ENTITY_NAMES, REVISIONS_QUERY, PROPOSALS_QUERY, companyProfile.name],
});
