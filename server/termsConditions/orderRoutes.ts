import { and, eq, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { termsConditions } from '../../src/schema';
import { REORDER_STALE, reorderTermsConditions } from '../../src/schema/actions/termsConditions';
import * as tables from '../db/entityTables';
import { registerAction } from '../actions/registerAction';
import { parseListParams } from '../crud/listParams';
import { runList } from '../crud/listQuery';
import { conflict } from '../errors';

/**
 * `POST /api/termsConditions/reorder {ids}` (declared in src/schema/actions/termsConditions.ts):
 * the terms in their new order (beyond SPEC, which shows `order` but no way to change it).
 * Orders become 1…n in one transaction; only the terms that moved get a new version. Answers
 * with the list in its new order.
 */
export async function termsConditionOrderRoutes(api: FastifyInstance): Promise<void> {
  const { db } = api.deps.database;
  const table = tables.termsConditions;
  const idColumn = table.id;
  const orderColumn = table.order;

  registerAction(api, reorderTermsConditions, async ({ body: { ids } }) => {
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
    return { [termsConditions.listKey]: rows as (Record<string, unknown> & { id: number })[], count };
  });
}
