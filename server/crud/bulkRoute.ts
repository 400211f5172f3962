import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Entity } from '../../src/schema/defineEntity';
import { MAX_BULK_IDS } from '../../src/domain/bulkActions';
import { idSchema } from '../openapi/commonSchemas';
import { entityTag } from '../openapi/entityRouteDocs';
import type { RouteDoc } from '../openapi/routeDoc';
import { bulkActionsOf, parseBulkRequest, runBulkAction } from './bulkActions';

const deleteImpactPart = z.object({ name: z.string(), singular: z.string(), plural: z.string(), count: z.number().int().min(0) });

const resultSchema = z
  .object({
    done: z.array(idSchema).describe('The rows the action changed (for deleteImpact: the rows a delete would remove).'),
    kept: z
      .array(z.object({ id: idSchema, name: z.string().nullable(), reason: z.string() }))
      .describe('The rows left as they were, with why (unknown ids: "not found").'),
    deletes: z.array(deleteImpactPart).optional().describe('deleteImpact only: what would go with the deleted rows.'),
  })
  .describe('What the action did.');

function bulkDoc(entity: Entity): RouteDoc {
  const actions = bulkActionsOf(entity);
  const body: Record<string, z.ZodType> = {
    action: z.enum(actions as [string, ...string[]]),
    ids: z.array(idSchema).min(1).max(MAX_BULK_IDS),
  };
  if (actions.includes('setStatus')) body.status = z.number().int().optional().describe('setStatus: the new status.');
  if (actions.includes('assignService')) body.serviceID = idSchema.optional().describe('assignService, unassignService: the service.');
  if (actions.includes('setCustomField')) {
    body.key = z.string().optional().describe("setCustomField: the custom field's key (GET /api/customFields).");
    body.value = z.unknown().optional().describe('setCustomField: its new value, checked as a form checks it (null clears it).');
  }
  return {
    tag: entityTag(entity),
    summary: `Act on many ${entity.plural}`,
    description:
      `One action on the selected ${entity.plural}, in one transaction, each row written as a single write would be. ` +
      'deleteImpact answers what a delete would take along and which rows it would keep, without writing.',
    body: z.object(body),
    responses: { 200: resultSchema },
  };
}

/** `POST /api/<route>/bulk {action, ids, …}`: the list's bulk actions, one request each. */
export function registerBulkRoute(api: FastifyInstance, entity: Entity): void {
  const { db } = api.deps.database;
  api.post(`/${entity.route}/bulk`, { config: { openapi: bulkDoc(entity) } }, async (request) =>
    runBulkAction(db, entity, parseBulkRequest(entity, request.body), { userId: request.user?.id }),
  );
}
