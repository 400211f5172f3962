import { count } from 'drizzle-orm';
import { termsConditions } from '../../../src/schema';
import type { Db } from '../connection';
import { tableOf } from '../entityTables';
import { sanitizeRichText } from '../../richText';
import { checkedValues } from './checkedValues';
import data from './data/terms.json';

/** The starter terms and conditions (STARTER-DATA.md), in their order, into an empty table. */
export async function seedTerms(db: Db): Promise<void> {
  const table = tableOf(termsConditions.name);
  const [{ n }] = await db.select({ n: count() }).from(table);
  if (Number(n) > 0) return;
  const rows = data.termsConditions.map((term, index) => {
    const values = checkedValues(termsConditions, { ...term, order: index + 1 }, `term ${term.name}`);
    return { ...values, content: sanitizeRichText(values.content as string) };
  });
  await db.insert(table).values(rows);
}
