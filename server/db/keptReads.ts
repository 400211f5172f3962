import type { PGlite } from '@electric-sql/pglite';

/** A Drizzle database (server/db/connection.ts's Db; any object here, so this module imports none). */
type Database = object;

interface Generation {
  value: number;
}

interface Kept {
  generation: unknown;
  value: unknown;
}

/** What tells whether the database may have changed: its write count, or PostgreSQL's snapshot. */
interface Watch {
  current(): unknown;
  /** Whether a read is worth keeping at all: on PostgreSQL the check is itself a round trip. */
  costsARoundTrip: boolean;
}

/** Reads kept per database: the searches an office pages through and its signed-in users. */
export const KEPT_READS = 500;

const generations = new WeakMap<object, Generation>();
const watches = new WeakMap<Database, Watch>();
const keptReads = new WeakMap<Database, Map<string, Kept>>();

/** A statement that can change no row: a plain SELECT (the schema defines no function that writes). */
const READS_ONLY = /^\s*select\b/i;

/**
 * Counts what may have changed the embedded database: every statement but a SELECT, and every
 * transaction, adds one once it has ended (committed or not). PGlite is this process's alone,
 * so a read taken at one count still holds while the count has not moved (keptRead). `db` is
 * the Drizzle database on `client`; a transaction's own Drizzle object is not tracked.
 */
export function trackWrites(client: PGlite, db: Database): void {
  let generation = generations.get(client);
  if (!generation) {
    const counter: Generation = { value: 0 };
    generation = counter;
    const ended = <T>(work: Promise<T>, wrote: boolean) =>
      wrote
        ? work.finally(() => {
            counter.value += 1;
          })
        : work;
    // PGlite's methods are generic; each wrapper passes its arguments through unchanged.
    const { query, exec, transaction } = client as unknown as Record<
      'query' | 'exec' | 'transaction',
      (...args: unknown[]) => Promise<unknown>
    >;
    Object.assign(client, {
      query: (...args: unknown[]) => ended(query.apply(client, args), !READS_ONLY.test(String(args[0]))),
      exec: (...args: unknown[]) => ended(exec.apply(client, args), true),
      transaction: (...args: unknown[]) => ended(transaction.apply(client, args), true),
    });
    generations.set(client, generation);
  }
  const counter = generation;
  watches.set(db, { current: () => counter.value, costsARoundTrip: false });
}

/**
 * On PostgreSQL, where other servers write too: a database whose visible rows are those of a
 * snapshot (`readSnapshot` answers `pg_current_snapshot()` as text, outside any transaction)
 * has the same rows while a later snapshot is the same, which needs no transaction to have
 * taken an id (every write does) or ended since. The snapshot is read before the kept read,
 * whose own snapshot can only be later: equal snapshots on either side mean equal rows.
 */
export function trackSnapshots(db: Database, readSnapshot: () => Promise<string>): void {
  watches.set(db, { current: readSnapshot, costsARoundTrip: true });
}

/** Whether keptRead keeps anything on `db` (outside a transaction), for a read that costs a round trip or more. */
export function keepsReads(db: Database, { costly = false } = {}): boolean {
  const watch = watches.get(db);
  return watch !== undefined && (costly || !watch.costsARoundTrip);
}

/**
 * `read`'s answer, kept until anything writes (issue 37: the count of a broad search was two
 * thirds of a list request on PGlite, and every page of the same search counted it again).
 * Exact: a kept answer is given only while the write count (trackWrites) or the snapshot
 * (trackSnapshots) it was read at is still the database's. On PostgreSQL only a `costly` read
 * is kept (checking the snapshot is a round trip, as a read by primary key is); inside a
 * transaction, or without a `key`, `read` runs every time. What it answers is shared: never
 * change it.
 */
export async function keptRead<T>(db: Database, key: string | undefined, read: () => Promise<T>, { costly = false } = {}): Promise<T> {
  if (key === undefined || !keepsReads(db, { costly })) return read();
  const generation = await watches.get(db)!.current();
  let kept = keptReads.get(db);
  if (!kept) keptReads.set(db, (kept = new Map()));
  const found = kept.get(key);
  // Most recently used last: the first key is the one to drop.
  kept.delete(key);
  if (found && found.generation === generation) {
    kept.set(key, found);
    return found.value as T;
  }
  const value = await read();
  kept.set(key, { generation, value });
  if (kept.size > KEPT_READS) kept.delete(kept.keys().next().value!);
  return value;
}
