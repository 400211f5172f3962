/**
 * Estimates (docs/REFERENCE.md "Estimates and pricing"): the estimates list with its customer-name
 * lookup, and item writes, each recomputing its area's and estimate's subtotals under the
 * estimate's lock, against the same write without the recompute (the peer).
 */
import { sql } from 'drizzle-orm';
import { estimates, workAreaItems, workAreas } from '../src/schema';
import { itemTotals } from '../src/domain/pricing';
import type { Db } from '../server/db/connection';
import { tableOf } from '../server/db/entityTables';
import { users } from '../server/db/tables/users';
import { parseListParams } from '../server/crud/listParams';
import { runList } from '../server/crud/listQuery';
import { insertRecord } from '../server/crud/records';
import { seedCustomers } from './seedCustomers';
import { measure } from './listQuery.bench';
import { onFreshDatabase, type BenchTarget } from './targets';
import '../server/hooks';

const rows = Number(process.env.BENCH_ESTIMATES ?? 20_000);
const seconds = Number(process.env.BENCH_SECONDS ?? 5);

export async function seedEstimates(db: Db, count: number): Promise<number> {
  await seedCustomers(db, Math.ceil(count / 10));
  const [{ id: userId }] = await db
    .insert(users)
    .values({ username: 'bench', firstName: 'B', lastName: 'B', passwordHash: 'x' })
    .returning({ id: users.id });
  await db.execute(sql`
    INSERT INTO sites (customer_id, site_name, site_address_1, site_city, site_state)
    SELECT customer_id, 'Main Site', customer_address_1, customer_city, customer_state FROM customers`);
  await db.execute(sql`
    INSERT INTO estimates (site_id, customer_id, estimate_project_name, estimate_status, estimate_subtotal,
                           estimate_salesperson, estimate_estimator, estimate_is_archived)
    SELECT s.site_id, s.customer_id,
           (ARRAY['Spring Cleanup','Weekly Mowing','Snow Services','Mulch Beds','Lawn Renovation'])[1 + i % 5] || ' ' || i,
           i % 4, (i % 997) * 13.37, ${userId}, ${userId}, i % 10 = 0
    FROM generate_series(1, ${count}) AS g(i)
    JOIN sites s ON s.site_id = 1 + i % (SELECT count(*) FROM sites)`);
  await db.execute(sql`VACUUM ANALYZE estimates`);
  await db.execute(sql`VACUUM ANALYZE sites`);
  return userId;
}

export async function estimateSuite(target: BenchTarget): Promise<void> {
  await onFreshDatabase(target, async (database) => {
    const { db } = database;
    const userId = await seedEstimates(db, rows);
    console.log(`${target.label}: seeded ${rows.toLocaleString('en-US')} estimates`);
    const table = tableOf(estimates.name);
    const list = (query: Record<string, string>) => runList(db, estimates, table, parseListParams(estimates, { limit: '20', ...query }));
    const results = [
      await measure('estimates, first page, archived hidden', seconds, () => list({ 'filter:estimate_is_archived': '[0]' })),
      await measure('estimates, sorted by customer name', seconds, () => list({ sortBy: 'customer_name' })),
      await measure('estimates, search "land" (customer name)', seconds, () => list({ searchTerm: 'land' })),
    ];

    // Item writes into one estimate of 10 areas, each growing by one item per write.
    const estimateID = Number(
      ((await db.execute(sql`SELECT min(estimate_id) AS id FROM estimates`)) as unknown as { rows: { id: number }[] }).rows[0].id,
    );
    const areaIds: number[] = [];
    for (let i = 0; i < 10; i += 1) {
      areaIds.push(await insertRecord(db, workAreas, { estimateID, name: `Area ${i}` }, { userId }));
    }
    let n = 0;
    const line = () => ({ workAreaID: areaIds[n++ % areaIds.length], name: 'Mulch', quantity: 3, unitCost: 28, unitPrice: 65 });
    results.push(
      await measure('item write + subtotals under the lock', seconds, () => insertRecord(db, workAreaItems, line(), { userId })),
    );
    const itemTable = tableOf(workAreaItems.name);
    results.push(
      await measure('peer: bare item insert, no recompute', seconds, () => {
        const values = line();
        return db.insert(itemTable).values({ ...values, ...itemTotals(values) });
      }),
    );
    for (const r of results) console.log(`  ${r.label.padEnd(52)} ${r.perSecond.toFixed(1).padStart(9)} per second`);
  });
}
