import { eq } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { items, priceRules } from '../../src/schema';
import { MAX_PRICE_RULES_PER_ITEM, tooManyPriceRulesMessage } from '../../src/schema/priceRules';
import { validateRecord } from '../../src/schema/validate';
import { orderPriceRules } from '../../src/domain/priceRules';
import { tableOf } from '../db/entityTables';
import { parseId } from '../crud/registerEntityRoutes';
import { getRecord } from '../crud/records';
import { badRequest, formInvalid } from '../errors';
import { z } from 'zod';
import type { RouteDoc } from '../openapi/routeDoc';
import { idParams } from '../openapi/commonSchemas';
import { entitySchemas } from '../openapi/entitySchemas';
import { entityTag } from '../openapi/entityRouteDocs';

type Row = Record<string, unknown>;

/** `calculations.2.rangeEnd`: the path react-hook-form gives the input of that rule. */
const errorKey = (index: number, field: string) => `${priceRules.listKey}.${index}.${field}`;

function readRules(body: unknown): Row[] {
  const list = body && typeof body === 'object' && !Array.isArray(body) ? (body as Row)[priceRules.listKey] : undefined;
  if (!Array.isArray(list) || list.some((r) => r === null || typeof r !== 'object' || Array.isArray(r))) {
    throw badRequest(`The request body must be {${priceRules.listKey}: [rule, …]}.`);
  }
  if (list.length > MAX_PRICE_RULES_PER_ITEM) throw formInvalid({ [priceRules.listKey]: tooManyPriceRulesMessage });
  return list as Row[];
}

const replaceRulesDoc: RouteDoc = {
  tag: entityTag(items),
  summary: "Replace an item's price rules",
  description: 'Every rule is checked first (errors are keyed `calculations.<index>.<field>`); one bad rule writes nothing.',
  params: idParams,
  body: z.object({ [priceRules.listKey]: z.array(entitySchemas(priceRules).create.omit({ itemID: true })).max(MAX_PRICE_RULES_PER_ITEM) }),
  responses: { 200: z.object({ [priceRules.listKey]: z.array(entitySchemas(priceRules).record) }).describe('The stored rules, in order.') },
};

/**
 * An item's price rules as one set (the Item Editor saves them with the item): the generic
 * routes list them all (`GET /api/calculations`) and edit them one by one; this replaces
 * the whole set of one item at once, every rule validated first, so a bad one writes nothing.
 */
export async function calculationRoutes(api: FastifyInstance): Promise<void> {
  const { db } = api.deps.database;
  const table = tableOf(priceRules.name);
  const itemColumn = table.itemID as PgColumn;

  api.put<{ Params: { id: string } }>(`/${items.route}/:id/${priceRules.route}`, { config: { openapi: replaceRulesDoc } }, async (request) => {
    const itemID = parseId(request.params.id);
    const given = readRules(request.body);
    await getRecord(db, items, itemID);

    const values: Row[] = [];
    const errors: Record<string, string> = {};
    given.forEach((rule, index) => {
      const result = validateRecord(priceRules, { ...rule, itemID });
      for (const [field, message] of Object.entries(result.errors)) errors[errorKey(index, field)] = message;
      values.push(result.values);
    });
    if (Object.keys(errors).length) throw formInvalid(errors);

    const stored = await db.transaction(async (tx) => {
      await tx.delete(table).where(eq(itemColumn, itemID));
      return values.length ? tx.insert(table).values(values).returning() : [];
    });
    return { [priceRules.listKey]: orderPriceRules(stored as (Row & { type: string })[]) };
  });
}
