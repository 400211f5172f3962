import { sql } from 'drizzle-orm';
import type { Database } from './connection';

const EVERY_SIX_HOURS = 6 * 60 * 60 * 1000;

/**
 * PGlite has no autovacuum: without this its planner never learns table sizes (the list
 * queries choose their plan from them) and dead rows are never reclaimed. A real
 * PostgreSQL server does this itself. `firstRun` settles when the run at start is done.
 */
export function scheduleMaintenance(database: Database, log: (line: string) => void): { stop: () => void; firstRun: Promise<void> } {
  if (database.kind !== 'pglite') return { stop: () => undefined, firstRun: Promise.resolve() };
  const run = async () => {
    try {
      await database.db.execute(sql`VACUUM ANALYZE`);
    } catch (error) {
      log(`Database maintenance failed: ${(error as Error).message}`);
    }
  };
  const firstRun = run();
  const timer = setInterval(run, EVERY_SIX_HOURS);
  timer.unref();
  return { stop: () => clearInterval(timer), firstRun };
}
