import type { PGlite } from '@electric-sql/pglite';

/** A Drizzle database (server/db/connection.ts's Db; any object here, so this module imports none). */
type Database = object;

interface Generation {
  value: number;
}

interface Kept {
  generation: number;
  value: unknown;
}

/** Reads kept per database: the searches an office pages through and its signed-in users. */
export const KEPT_READS = 500;

const generations = new WeakMap<object, Generation>();
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
  generations.set(db, generation);
}

/** Whether keptRead keeps anything on `db` (the embedded database, outside a transaction). */
export function keepsReads(db: Database): boolean {
  return generations.has(db);
}

/**
 * `read`'s answer, kept on the embedded database until anything writes (issue 37: the count of
 * a broad search was two thirds of a list request on PGlite, and every page of the same search
 * counted it again). Exact: a kept answer is given only while the write count it was read at is
 * still the database's (trackWrites). On PostgreSQL, where another server may write, inside a
 * transaction, or without a `key`, `read` runs every time. What it answers is shared: never
 * change it.
 */
export async function keptRead<T>(db: Database, key: string | undefined, read: () => Promise<T>): Promise<T> {
  const generation = generations.get(db)?.value;
  if (generation === undefined || key === undefined) return read();
  let kept = keptReads.get(db);
  if (!kept) keptReads.set(db, (kept = new Map()));
  const found = kept.get(key);
  // Most recently used last: the first key is the one to drop.
  kept.delete(key);
  if (found?.generation === generation) {
    kept.set(key, found);
    return found.value as T;
  }
  const value = await read();
  kept.set(key, { generation, value });
  if (kept.size > KEPT_READS) kept.delete(kept.keys().next().value!);
  return value;
}
