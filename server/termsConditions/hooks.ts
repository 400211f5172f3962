import { sql } from 'drizzle-orm';
import type { Db } from '../db/connection';
import * as tables from '../db/entityTables';
import type { EntityHooks } from '../crud/hookTypes';
import { registerEntityHooks } from '../crud/entityHooks';

/** The position after the last term (1 for the first one). */
export async function nextTermOrder(db: Db): Promise<number> {
  const table = tables.termsConditions;
  const [{ last }] = await db.select({ last: sql<number | null>`max(${table.order})` }).from(table);
  return Number(last ?? 0) + 1;
}

/** `POST /api/termsConditions {name}` puts the new term last unless the body says where. */
export const termsConditionHooks: EntityHooks = {
  async prepareCreate(db, body) {
    if (body.order !== undefined && body.order !== null && body.order !== '') return body;
    return { ...body, order: await nextTermOrder(db) };
  },
};

registerEntityHooks('termsConditions', termsConditionHooks);
