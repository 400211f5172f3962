import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import * as schema from './schema';
import { trackSnapshots, trackWrites } from './keptReads';

/** The one database type the rest of the server sees, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The `pg` pool when on PostgreSQL (for work that needs one session, like advisory locks). */
  pool?: pg.Pool;
  /** The PGlite instance when embedded (backups). */
  pglite?: PGlite;
  close(): Promise<void>;
}

export interface DatabaseConfig {
  /** postgres://… — when set, a real PostgreSQL server through `pg`. */
  databaseUrl?: string;
  /** PGlite data directory; omitted means in memory (tests). */
  dataDir?: string;
  /** An already opened PGlite instance (tests share one per file). */
  pglite?: PGlite;
  /** Connections in the `pg` pool. */
  poolSize?: number;
}

/**
 * PGlite's settings. Its memory never shrinks, so PostgreSQL's 128 MB of shared buffers stay
 * resident: 32 MB took the server under load from 550 to 440 MB with the same list throughput
 * (`BENCH_ONLY=httpLists`, 100,000 customers); the files stay in the system's page cache.
 */
export const PGLITE_SETTINGS = ['shared_buffers=32MB'];

/** Opens PGlite on `dataDir` (in memory without one), from a backup's archive when given. */
export async function createPglite(dataDir?: string, loadDataDir?: Blob): Promise<PGlite> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  // One options object: PGlite 0.5 drops the second argument when dataDir is undefined (in memory).
  const client = new PGlite({ dataDir, extensions: { pg_trgm }, postgresqlconf: PGLITE_SETTINGS, ...(loadDataDir ? { loadDataDir } : {}) });
  await client.waitReady;
  return client;
}

export async function openDatabase(config: DatabaseConfig): Promise<Database> {
  if (config.databaseUrl) {
    // Loaded only for a PostgreSQL server: the embedded default starts without the driver.
    const [{ default: postgresDriver }, { drizzle: drizzlePg }] = await Promise.all([import('pg'), import('drizzle-orm/node-postgres')]);
    const pool = new postgresDriver.Pool({ connectionString: config.databaseUrl, max: config.poolSize ?? 10 });
    // An idle connection dropped by the server (restart, failover) must not end the process;
    // the pool replaces it on the next query.
    pool.on('error', (error) => console.warn(`PostgreSQL connection lost: ${error.message}`));
    // numeric comes back as text from pg; drizzle's number mode converts the declared columns.
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    trackSnapshots(
      db,
      async () => (await pool.query<{ snapshot: string }>('SELECT pg_current_snapshot()::text AS snapshot')).rows[0].snapshot,
    );
    return { db, kind: 'postgres', pool, close: () => pool.end() };
  }
  const client = config.pglite ?? (await createPglite(config.dataDir));
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  trackWrites(client, db);
  return {
    db,
    kind: 'pglite',
    pglite: client,
    close: async () => {
      if (!config.pglite) await client.close();
    },
  };
}
