import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { demoDataStatus, removeDemoData } from './demoData';
import { DEMO_ENTITIES } from './demoRecords';
import type { RouteDoc } from '../openapi/routeDoc';

const counts = z.object(Object.fromEntries(DEMO_ENTITIES.map(({ entity }) => [entity, z.number().int().min(0)])));
const blocker = z.object({
  entity: z.string(),
  id: z.number().int(),
  name: z.string(),
  reason: z.string().describe('"changed since it was seeded", "added to the demo\'s customers since", "a proposal of it was sent"…'),
});

const docs: Record<'status' | 'remove', RouteDoc> = {
  status: {
    tag: 'Demo data',
    summary: 'What the demo company left',
    description:
      "The records the demo seed created that are still there (recorded when it was seeded), whether the letterhead is still the demo's, and what keeps them from being removed: records changed since, real records added under them, proposals sent.",
    responses: { 200: z.object({ present: z.boolean(), counts, companyAsSeeded: z.boolean(), blockers: z.array(blocker) }) },
  },
  remove: {
    tag: 'Demo data',
    summary: 'Remove the demo company',
    description:
      "Deletes exactly what the demo seed created — its customers with their contacts, sites, assigned services and estimates, and the letterhead while it is still the demo's — in one transaction; 409 naming the records changed or used since, and nothing deleted.",
    responses: { 200: z.object({ removed: counts }) },
    errors: [409],
  },
};

/** Settings › Demo data (issue 25): GET /api/demoData, DELETE /api/demoData. */
export async function demoDataRoutes(api: FastifyInstance): Promise<void> {
  const { db } = api.deps.database;
  api.get('/demoData', { config: { openapi: docs.status } }, () => demoDataStatus(db));
  api.delete('/demoData', { config: { openapi: docs.remove, adminOnly: true } }, async () => ({ removed: await removeDemoData(db) }));
}
