import { sql } from 'drizzle-orm';
import type { Database } from './connection';

const EVERY_SIX_HOURS = 6 * 60 * 60 * 1000;
/** Between two tables' steps: requests waiting for the one connection go first. */
const PAUSE_BETWEEN_STEPS_MS = 50;

interface TableStats {
  name: string;
  /** The planner's row count; negative when the table was never analysed. */
  rows: number;
  dead: number;
  changed: number;
}

/**
 * Whether a table wants a VACUUM ANALYZE now, by autovacuum's own rule (50 rows plus 20 % of
 * the table dead, 50 plus 10 % changed since the last analysis), or when the planner has never
 * counted it: a table nothing changed costs nothing.
 */
export function needsMaintenance({ rows, dead, changed }: Pick<TableStats, 'rows' | 'dead' | 'changed'>): boolean {
  if (rows < 0) return true;
  return dead > 50 + 0.2 * rows || changed > 50 + 0.1 * rows;
}

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

export interface Maintenance {
  stop: () => void;
  /** Settles when the run started by `start` is done (it never rejects). */
  firstRun: Promise<void>;
  /** Begins: one run now, then every six hours. Called once the server listens. */
  start: () => void;
}

/**
 * PGlite has no autovacuum: without this its planner never learns table sizes (the list
 * queries choose their plan from them) and dead rows are never reclaimed. A real PostgreSQL
 * server does this itself. PGlite runs in this process, on the event loop, so maintenance
 * never runs before the server listens (issue 35: a start on a busy machine ran out of the
 * plugins' time), and goes one table at a time, only the tables that need it, with a pause
 * between them in which requests run.
 */
export function scheduleMaintenance(database: Database, log: (line: string) => void): Maintenance {
  let started!: () => void;
  const begun = new Promise<void>((resolve) => (started = resolve));
  if (database.kind !== 'pglite') return { stop: () => undefined, firstRun: Promise.resolve(), start: () => undefined };
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const pause = () => new Promise((resolve) => setTimeout(resolve, PAUSE_BETWEEN_STEPS_MS));

  const tables = async (): Promise<TableStats[]> => {
    const result = await database.db.execute(sql`
      SELECT s.relname AS name, c.reltuples::float8 AS rows, s.n_dead_tup::float8 AS dead,
             s.n_mod_since_analyze::float8 AS changed
        FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid
       WHERE s.schemaname = 'public' ORDER BY s.relname`);
    return (result as unknown as { rows: TableStats[] }).rows.map((row) => ({
      name: row.name,
      rows: Number(row.rows),
      dead: Number(row.dead),
      changed: Number(row.changed),
    }));
  };

  const run = async () => {
    if (stopped) return;
    try {
      for (const table of (await tables()).filter(needsMaintenance)) {
        await pause();
        if (stopped) return;
        await database.db.execute(sql.raw(`VACUUM (ANALYZE) ${quoted(table.name)}`));
      }
    } catch (error) {
      if (!stopped) log(`Database maintenance failed: ${(error as Error).message}`);
    }
  };
  const firstRun = begun.then(run);
  return {
    firstRun,
    start: () => {
      if (timer || stopped) return;
      timer = setInterval(() => void run(), EVERY_SIX_HOURS);
      timer.unref();
      started();
    },
    stop: () => {
      stopped = true;
      clearInterval(timer);
      started();
    },
  };
}
