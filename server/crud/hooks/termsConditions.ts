import { sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/connection';
import { tableOf } from '../../db/entityTables';
import type { EntityHooks } from '../hookTypes';

/** The position after the last term (1 for the first one). */
export async function nextTermOrder(db: Db): Promise<number> {
  const table = tableOf('termsConditions');
  const [{ last }] = await db
    .select({ last: sql<number | null>`max(${table.order as PgColumn})` })
    .from(table);
  return Number(last ?? 0) + 1;
}

/** `POST /api/termsConditions {name}` puts the new term last unless the body says where. */
export const termsConditionHooks: EntityHooks = {
  async prepareCreate(db, body) {
    if (body.order !== undefined && body.order !== null && body.order !== '') return body;
    return { ...body, order: await nextTermOrder(db) };
  },
};
