/**
 * The office database of the HTTP list bench, seeded once per target: PGlite in a data
 * directory (the server opens it; the naive peer gets a copy, PGlite being one process's),
 * or a fresh database on DATABASE_URL's PostgreSQL. Also the customers as json-server's db.json.
 */
import { cpSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { createPglite, openDatabase } from '../server/db/connection';
import { migrateDatabase } from '../server/db/migrate';
import { ensureAdmin } from '../server/auth/bootstrap';
import { ADMIN_PASSWORD, type ServerOptions } from '../tests/e2e/server';
import { customers as customerEntity, estimates as estimateEntity, sites as siteEntity } from '../src/schema';
import { indexNaivePeer } from './listQuery.bench';
import { officeSize, seedOffice, type OfficeSize } from './seedOffice';
import { createPostgresDatabase } from './targets';

/** The service the operations filter picks: the second most assigned (about a fifth of the sites). */
const FILTERED_SERVICE = 'Snow Plowing';

export interface OfficeDatabase {
  size: OfficeSize;
  seedSeconds: number;
  /** How the real server opens it. */
  server: ServerOptions;
  /** The naive peer's data: a PGlite directory or a PostgreSQL URL. */
  peerSource: string;
  /** The customers as json-server 0.17's database. */
  dbJson: string;
  filteredServiceId: number;
  drop(): Promise<void>;
}

type Rows<T> = { rows: T[] };

/**
 * A database for a real server to open: PGlite in `workDir`/data, or a fresh database on
 * DATABASE_URL's PostgreSQL. `server` is how the server opens it; `drop` removes it.
 */
export async function openServerDatabase(kind: 'pglite' | 'postgres', workDir: string) {
  if (kind === 'pglite') {
    const dataDir = join(workDir, 'data');
    const database = await openDatabase({ pglite: await createPglite(dataDir) });
    return { database, server: { dataDir } as ServerOptions, drop: async () => {} };
  }
  const created = await createPostgresDatabase(process.env.DATABASE_URL!);
  const database = await openDatabase({ databaseUrl: created.url, poolSize: 2 });
  return { database, server: { databaseUrl: created.url } as ServerOptions, drop: created.drop };
}

export async function prepareOfficeDatabase(kind: 'pglite' | 'postgres', workDir: string): Promise<OfficeDatabase> {
  const { database, server, drop } = await openServerDatabase(kind, workDir);
  const peerSource = kind === 'pglite' ? join(workDir, 'peer-data') : server.databaseUrl!;
  try {
    await migrateDatabase(database);
    // The admin the bench signs in as is the first user, so the estimates are theirs.
    await ensureAdmin(database.db, ADMIN_PASSWORD, () => {});
    const size = officeSize();
    const started = performance.now();
    await seedOffice(database.db, size);
    const seedSeconds = (performance.now() - started) / 1000;
    await indexNaivePeer(database.db, [customerEntity, siteEntity, estimateEntity]);

    const { rows: services } = (await database.db.execute(
      sql`SELECT service_id FROM services WHERE service_name = ${FILTERED_SERVICE}`,
    )) as unknown as Rows<{ service_id: number }>;
    const { rows: customers } = (await database.db.execute(sql`
      SELECT customer_id AS id, customer_name AS name, customer_address_1 AS "address1", customer_city AS city,
             customer_state AS state, customer_zip AS zip, customer_type AS type
      FROM customers`)) as unknown as Rows<unknown>;
    const dbJson = join(workDir, 'db.json');
    writeFileSync(dbJson, JSON.stringify({ customers }));
    await database.close();
    if (kind === 'pglite') cpSync(server.dataDir!, peerSource, { recursive: true });
    return { size, seedSeconds, server, peerSource, dbJson, filteredServiceId: Number(services[0].service_id), drop };
  } catch (error) {
    await database.close().catch(() => {});
    await drop();
    throw error;
  }
}
