import { and, eq, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { termsConditions } from '../../src/schema';
import * as tables from '../db/entityTables';
import { parseListParams } from '../crud/listParams';
import { runList } from '../crud/listQuery';
import { badRequest, conflict } from '../errors';
import { z } from 'zod';
import type { RouteDoc } from '../openapi/routeDoc';
import { idSchema } from '../openapi/commonSchemas';
import { entitySchemas } from '../openapi/entitySchemas';
import { entityTag } from '../openapi/entityRouteDocs';

export const REORDER_INVALID = 'The new order must list each term & condition once.';
export const REORDER_STALE = 'The terms & conditions have changed since the list was loaded. Reload it and try again.';

function readIds(body: unknown): number[] {
  const ids = body && typeof body === 'object' && !Array.isArray(body) ? (body as { ids?: unknown }).ids : undefined;
  if (!Array.isArray(ids) || ids.some((id) => !Number.isSafeInteger(id) || (id as number) < 1)) {
    throw badRequest('The request body must be {ids: [id, …]}.');
  }
  if (new Set(ids).size !== ids.length) throw badRequest(REORDER_INVALID);
  return ids as number[];
}

const reorderDoc: RouteDoc = {
  tag: entityTag(termsConditions),
  summary: 'Reorder the terms & conditions',
  description: `Every term's id once, in the new order. ${REORDER_STALE}`,
  body: z.object({ ids: z.array(idSchema) }),
  responses: { 200: entitySchemas(termsConditions).list },
  errors: [409],
};

/**
 * `POST /api/termsConditions/reorder {ids}`: the terms in their new order (beyond SPEC, which
 * shows `order` but no way to change it). Orders become 1…n in one transaction; only the
 * terms that moved get a new version. Answers with the list in its new order.
 */
export async function termsConditionOrderRoutes(api: FastifyInstance): Promise<void> {
  const { db } = api.deps.database;
  const table = tables.termsConditions;
  const idColumn = table.id;
  const orderColumn = table.order;

  api.post(`/${termsConditions.route}/reorder`, { config: { openapi: reorderDoc } }, async (request) => {
    const ids = readIds(request.body);
    await db.transaction(async (tx) => {
      const existing = await tx.select({ id: idColumn }).from(table);
      const known = new Set(existing.map((row) => row.id as number));
      // A missing or unknown id: the client's list no longer matches the stored one.
      if (known.size !== ids.length || ids.some((id) => !known.has(id))) throw conflict(REORDER_STALE);
      for (const [index, id] of ids.entries()) {
        await tx
          .update(table)
          .set({ order: index + 1, version: sql`${table.version} + 1`, updatedAt: sql`now()` })
          .where(and(eq(idColumn, id), ne(orderColumn, index + 1)));
      }
    });
    const params = parseListParams(termsConditions, {});
    const { rows, count } = await runList(db, termsConditions, tables.tableOf(termsConditions.name), params);
    return { [termsConditions.listKey]: rows, count };
  });
}
