import { createPglite, openDatabase, type Database } from '../../server/db/connection';
import { serverUsing } from '../../server/db/dataDirOwner';
import type { TestDatabase } from './testDatabase';

/**
 * Reads what a server that was stopped or killed left behind: its PostgreSQL database as it
 * is, or its PGlite data directory opened once the dead server's claim on it is gone.
 */
export async function readStoredData<T>(
  where: { dataDir: string; postgres?: TestDatabase },
  read: (db: Database['db']) => Promise<T>,
): Promise<T> {
  if (where.postgres) return read(where.postgres.db);
  for (let tries = 0; serverUsing(where.dataDir) && tries < 50; tries++) await new Promise((r) => setTimeout(r, 100));
  const client = await createPglite(where.dataDir);
  try {
    return await read((await openDatabase({ pglite: client })).db);
  } finally {
    await client.close();
  }
}
