import { count } from 'drizzle-orm';
import { termsConditions } from '../../../src/schema';
import type { Db } from '../connection';
import * as tables from '../entityTables';
import { checkedValues } from './checkedValues';
import data from './data/terms.json';

/** The starter terms and conditions (STARTER-DATA.md), in their order, into an empty table. */
export async function seedTerms(db: Db): Promise<void> {
  const table = tables.termsConditions;
  const [{ n }] = await db.select({ n: count() }).from(table);
  if (Number(n) > 0) return;
  const rows = data.termsConditions.map((term, index) =>
    checkedValues(termsConditions, { ...term, order: index + 1 }, `term ${term.name}`),
  );
  await db.insert(table).values(rows);
}
