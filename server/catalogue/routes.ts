import type { FastifyInstance } from 'fastify';
import { items } from '../../src/schema';
import { priceRules } from '../../src/schema/priceRules';
import { replacePriceRules } from '../../src/schema/actions/priceRules';
import { registerAction } from '../actions/registerAction';
import { getRecord, inTransaction } from '../crud/records';
import { replaceRules } from './priceRuleSet';

/**
 * An item's price rules as one set: the generic routes list them all (`GET /api/calculations`)
 * and edit them one by one; this replaces the whole set of one item at once, as declared
 * (src/schema/actions/priceRules.ts: every rule checked first, so a bad one writes nothing; the
 * item's own create and update take the set too, server/catalogue/itemHooks.ts).
 */
export async function calculationRoutes(api: FastifyInstance): Promise<void> {
  const { db } = api.deps.database;

  registerAction(api, replacePriceRules, async ({ ids, body }) => {
    await getRecord(db, items, ids.id);
    const stored = await inTransaction(db, (tx) => replaceRules(tx, ids.id, body[priceRules.listKey]));
    return { [priceRules.listKey]: stored };
  });
}
