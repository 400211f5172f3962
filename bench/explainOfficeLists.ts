/**
 * Where a list's time goes on PostgreSQL: for each office list (bench/officeLists.ts), the
 * statements the server runs for it (captured from server/crud/listQuery.ts runList or
 * server/operations/operationsQuery.ts operationsPage through drizzle's logger) and its naive
 * peer's one statement, each as EXPLAIN (ANALYZE, BUFFERS).
 *
 *   tsx bench/explainOfficeLists.ts <seeded database URL> [label substring]
 *   tsx bench/explainOfficeLists.ts --seed <postgres server URL>   (seeds a new database, keeps it, prints its URL)
 */
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from '../server/db/schema';
import type { Db } from '../server/db/connection';
import { openDatabase } from '../server/db/connection';
import { migrateDatabase } from '../server/db/migrate';
import { tableOf } from '../server/db/entityTables';
import { parseListParams } from '../server/crud/listParams';
import { runList } from '../server/crud/listQuery';
import { parseOperationsParams } from '../server/operations/operationsParams';
import { operationsPage } from '../server/operations/operationsQuery';
import { entityByName } from '../src/schema';
import { FILTER_PREFIX } from '../src/domain/apiContract';
import { naiveListPage } from './naiveListQueries';
import { officeLists, type OfficeList } from './officeLists';
import { seedOffice } from './seedOffice';
import { createPostgresDatabase } from './targets';

interface Statement {
  query: string;
  params: unknown[];
}

/** Runs `work` on a Db that records every statement it sends. */
async function captured(pool: pg.Pool, work: (db: Db) => Promise<unknown>): Promise<Statement[]> {
  const statements: Statement[] = [];
  const db = drizzle(pool, { schema, logger: { logQuery: (query, params) => statements.push({ query, params }) } }) as unknown as Db;
  await work(db);
  return statements;
}

function ourList(db: Db, list: OfficeList) {
  const query = Object.fromEntries(list.query);
  if (list.list === 'operations') return operationsPage(db, parseOperationsParams(query));
  const entity = entityByName(list.list);
  return runList(db, entity, tableOf(entity.name), parseListParams(entity, query));
}

function naiveList(db: Db, list: OfficeList) {
  const filters: Record<string, unknown[]> = {};
  for (const [key, value] of list.query) if (key.startsWith(FILTER_PREFIX)) filters[key.slice(FILTER_PREFIX.length)] = JSON.parse(value);
  return naiveListPage(db, list.list, {
    searchTerm: list.query.get('searchTerm') ?? '',
    limit: Number(list.query.get('limit')),
    offset: Number(list.query.get('offset')),
    filters,
  });
}

async function explain(pool: pg.Pool, { query, params }: Statement): Promise<string> {
  const { rows } = await pool.query(`EXPLAIN (ANALYZE, BUFFERS) ${query}`, params);
  return rows.map((row: Record<string, string>) => row['QUERY PLAN']).join('\n');
}

async function seededDatabase(serverUrl: string): Promise<string> {
  const created = await createPostgresDatabase(serverUrl);
  const database = await openDatabase({ databaseUrl: created.url, poolSize: 2 });
  await migrateDatabase(database);
  await seedOffice(database.db);
  await database.close();
  console.log(`Seeded ${created.url} (kept: DROP DATABASE it when done).`);
  return created.url;
}

async function main() {
  const [first, second] = process.argv.slice(2);
  const url = first === '--seed' ? await seededDatabase(second) : first;
  const only = first === '--seed' ? undefined : second;
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  try {
    const { rows } = await pool.query(`SELECT service_id FROM services WHERE service_name = 'Snow Plowing'`);
    for (const list of officeLists(Number(rows[0]?.service_id ?? 1))) {
      if (only && !list.label.includes(only)) continue;
      console.log(`\n######## ${list.label}: /api/${list.list}?${list.query}`);
      await ourList(drizzle(pool, { schema }) as unknown as Db, list); // warm the cache like the bench's warm-up
      for (const [i, statement] of (await captured(pool, (db) => ourList(db, list))).entries()) {
        console.log(
          `\n--- Yardstick statement ${i + 1}:\n${statement.query}\n${JSON.stringify(statement.params)}\n${await explain(pool, statement)}`,
        );
      }
      for (const statement of await captured(pool, (db) => naiveList(db, list))) {
        console.log(`\n--- naive peer:\n${await explain(pool, statement)}`);
      }
    }
  } finally {
    await pool.end();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
