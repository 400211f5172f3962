import { sql } from 'drizzle-orm';
import type { Db } from '../db/connection';

type Rows<T> = { rows: T[] };

/**
 * Runs `work` (many inserts, in the caller's transaction) with the tables' trigram search
 * indexes collecting their entries in GIN's pending list, merged into each index at once at
 * the end, instead of each row's trigrams being inserted one by one: an import's commit on
 * PGlite takes about a third of the time (docs/BENCHMARKS.md). The indexes keep
 * `fastupdate = off` for every other write (a pending list would slow the searches), and the
 * change is part of the transaction: a failed import leaves them as they were. Changing an
 * index's options locks it until the commit, so on PostgreSQL, where other sessions run
 * alongside, the caller does not use this; PGlite runs one transaction at a time anyway.
 */
export async function withDeferredSearchIndexes<T>(tx: Db, tables: string[], work: () => Promise<T>): Promise<T> {
  const { rows } = (await tx.execute(sql`
    SELECT index_class.relname AS name
    FROM pg_index
    JOIN pg_class index_class ON index_class.oid = pg_index.indexrelid
    JOIN pg_class table_class ON table_class.oid = pg_index.indrelid
    JOIN pg_am ON pg_am.oid = index_class.relam
    WHERE pg_am.amname = 'gin'
      AND 'fastupdate=false' = ANY(index_class.reloptions)
      AND table_class.relname IN (${sql.join(
        tables.map((table) => sql`${table}`),
        sql`, `,
      )})`)) as unknown as Rows<{ name: string }>;
  const indexes = rows.map((row) => sql.identifier(row.name));
  for (const index of indexes) await tx.execute(sql`ALTER INDEX ${index} SET (fastupdate = on)`);
  const result = await work();
  for (const [i, index] of indexes.entries()) {
    await tx.execute(sql`SELECT gin_clean_pending_list(${rows[i].name}::regclass)`);
    await tx.execute(sql`ALTER INDEX ${index} SET (fastupdate = false)`);
  }
  return result;
}
