import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { demoDataStatus, removeDemoData } from './demoData';
import { demoCountsSchema, removeDemoData as removeDemoDataAction } from '../../src/schema/actions/demoData';
import { registerAction } from '../actions/registerAction';
import type { RouteDoc } from '../openapi/routeDoc';

const blocker = z.object({
  entity: z.string(),
  id: z.number().int(),
  name: z.string(),
  reason: z.string().describe('"changed since it was seeded", "added to the demo\'s customers since", "a proposal of it was sent"…'),
});

const docs: Record<'status', RouteDoc> = {
  status: {
    tag: 'Demo data',
    summary: 'What the demo company left',
    description:
      "The records the demo seed created that are still there (recorded when it was seeded), whether the letterhead is still the demo's, and what keeps them from being removed: records changed since, real records added under them, proposals sent.",
    responses: {
      200: z.object({ present: z.boolean(), counts: demoCountsSchema, companyAsSeeded: z.boolean(), blockers: z.array(blocker) }),
    },
  },
};

/** Settings › Demo data (issue 25): GET /api/demoData, DELETE /api/demoData. */
export async function demoDataRoutes(api: FastifyInstance): Promise<void> {
  const { db } = api.deps.database;
  api.get('/demoData', { config: { openapi: docs.status } }, () => demoDataStatus(db));
  registerAction(api, removeDemoDataAction, async () => ({ removed: await removeDemoData(db) }));
}
