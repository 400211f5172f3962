import { join } from 'node:path';
import { SERVER_DIR } from '../serverDir';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { Database, Db } from './connection';
import { applyLookupCopies } from './lookupCopies';

export const migrationsFolder = join(SERVER_DIR, 'db', 'migrations');

/** Arbitrary constant: the advisory lock that keeps two starting servers from migrating at once. */
const MIGRATION_LOCK = 727_001;

/**
 * Applies the generated migrations in order (drizzle records them in
 * drizzle.__drizzle_migrations), then the triggers that keep copied lookups. `folder` is for
 * tests that stop at an earlier migration.
 */
export async function migrateDatabase(database: Database, folder = migrationsFolder): Promise<void> {
  if (!database.pool) {
    await migratePglite(database.db as never, { migrationsFolder: folder });
    await applyLookupCopies(database.db);
    return;
  }
  // The PostgreSQL driver's parts load only for a PostgreSQL server (see openDatabase).
  const [{ drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
  const client = await database.pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    const locked = drizzlePg(client);
    await migratePg(locked, { migrationsFolder: folder });
    await applyLookupCopies(locked as unknown as Db);
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    client.release();
  }
}
