import { sql } from 'drizzle-orm';
import { customers } from '../src/schema';
import type { Db } from '../server/db/connection';
import type { Entity } from '../src/schema/defineEntity';
import { isTextKind } from '../server/db/tableFromEntity';
import { tableOf } from '../server/db/entityTables';
import { parseListParams } from '../server/crud/listParams';
import { runList } from '../server/crud/listQuery';

export interface Measurement {
  label: string;
  perSecond: number;
  runs: number;
}

export async function measure(label: string, seconds: number, run: () => Promise<unknown>): Promise<Measurement> {
  await run(); // warm caches and plans
  const until = performance.now() + seconds * 1000;
  let runs = 0;
  const started = performance.now();
  while (performance.now() < until) {
    await run();
    runs += 1;
  }
  return { label, runs, perSecond: runs / ((performance.now() - started) / 1000) };
}

/**
 * The naive peer at its best: a trigram index on each text column it searches with ILIKE
 * (what Yardstick had before its search text), so it is not measured without the indexes it needs.
 */
export async function indexNaivePeer(db: Db, searched: Entity[] = [customers]): Promise<void> {
  for (const entity of searched) {
    for (const f of entity.searchFields.filter((field) => isTextKind(field.kind))) {
      const name = sql.identifier(`naive_peer_${entity.table}_${f.column}_trgm`);
      await db.execute(
        sql`CREATE INDEX IF NOT EXISTS ${name} ON ${sql.identifier(entity.table)} USING gin (${sql.identifier(f.column)} gin_trgm_ops)`,
      );
    }
    await db.execute(sql`ANALYZE ${sql.identifier(entity.table)}`);
  }
}

/** The way DESIGN says not to do it: one query with a window count, over the same columns. */
export function naiveSearch(db: Db, term: string) {
  const pattern = `%${term}%`;
  const matches = sql.join(
    customers.searchFields.map((f) => sql`${sql.identifier(f.column)} ILIKE ${pattern}`),
    sql` OR `,
  );
  return db.execute(sql`
    SELECT *, count(*) OVER() AS total FROM customers WHERE ${matches}
    ORDER BY lower(customer_name) LIMIT 20 OFFSET 40`);
}

function productSearch(db: Db, term: string) {
  const params = parseListParams(customers, { searchTerm: term, limit: '20', offset: '40' });
  return runList(db, customers, tableOf('customers'), params);
}

export async function benchListQueries(db: Db, seconds: number): Promise<Measurement[]> {
  return [
    await measure('broad search "land", Yardstick list query', seconds, () => productSearch(db, 'land')),
    await measure('broad search "land", naive window-count query', seconds, () => naiveSearch(db, 'land')),
    await measure('no-match search, Yardstick list query', seconds, () => productSearch(db, 'zzqx')),
    await measure('no-match search, naive window-count query', seconds, () => naiveSearch(db, 'zzqx')),
    await measure('first page, no search, Yardstick list query', seconds, () =>
      runList(db, customers, tableOf('customers'), parseListParams(customers, { limit: '20' })),
    ),
  ];
}
