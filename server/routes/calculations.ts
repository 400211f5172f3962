import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { items, priceRules } from '../../src/schema';
import { parseId } from '../crud/registerEntityRoutes';
import { getRecord, inTransaction } from '../crud/records';
import { badRequest, formInvalid } from '../errors';
import type { RouteDoc } from '../openapi/routeDoc';
import { idParams } from '../openapi/commonSchemas';
import { entitySchemas } from '../openapi/entitySchemas';
import { entityTag } from '../openapi/entityRouteDocs';
import { checkRuleSet, isRuleList, replaceRules, ruleCountErrors, ruleSetSchema, RULE_SET_SHAPE_MESSAGE } from '../catalogue/priceRuleSet';

type Row = Record<string, unknown>;

function readRules(body: unknown): Row[] {
  const list = body && typeof body === 'object' && !Array.isArray(body) ? (body as Row)[priceRules.listKey] : undefined;
  if (!isRuleList(list)) throw badRequest(RULE_SET_SHAPE_MESSAGE);
  const counted = ruleCountErrors(list);
  if (Object.keys(counted).length) throw formInvalid(counted);
  return list;
}

const replaceRulesDoc: RouteDoc = {
  tag: entityTag(items),
  summary: "Replace an item's price rules",
  description:
    'Every rule is checked first (errors are keyed `calculations.<index>.<field>`); one bad rule writes nothing. ' +
    'The Item Editor sends the rules with the item instead (`calculations` in the body of `PUT /api/itemCatalog/:id` or `POST /api/itemCatalog`), so both are written in one transaction.',
  params: idParams,
  body: z.object({ [priceRules.listKey]: ruleSetSchema }),
  responses: { 200: z.object({ [priceRules.listKey]: z.array(entitySchemas(priceRules).record) }).describe('The stored rules, in order.') },
};

/**
 * An item's price rules as one set: the generic routes list them all (`GET /api/calculations`)
 * and edit them one by one; this replaces the whole set of one item at once, every rule
 * validated first, so a bad one writes nothing (server/catalogue/priceRuleSet.ts; the item's
 * own create and update take the set too, server/crud/hooks/items.ts).
 */
export async function calculationRoutes(api: FastifyInstance): Promise<void> {
  const { db } = api.deps.database;

  api.put<{ Params: { id: string } }>(
    `/${items.route}/:id/${priceRules.route}`,
    { config: { openapi: replaceRulesDoc } },
    async (request) => {
      const itemID = parseId(request.params.id);
      const given = readRules(request.body);
      await getRecord(db, items, itemID);
      const { values, errors } = checkRuleSet(given);
      if (Object.keys(errors).length) throw formInvalid(errors);
      const stored = await inTransaction(db, (tx) => replaceRules(tx, itemID, values));
      return { [priceRules.listKey]: stored };
    },
  );
}
