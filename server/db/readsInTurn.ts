import type { Database } from './connection';

/** Runs a read for a document or an export in its turn (see readsInTurn). */
export type ReadInTurn = <T>(read: () => Promise<T>) => Promise<T>;

const lanes = new WeakMap<Database, ReadInTurn>();

/**
 * The reads behind documents and exports, one after another. PGlite runs one query at a time
 * for everyone, in the order they were asked: five exports reading their pages side by side
 * put five pages ahead of another user's list, five proposals their five estimates. In one lane
 * that list waits for one of them at most. On PostgreSQL every read has a connection of its
 * own, and they run as they come.
 */
export function readsInTurn(database: Database): ReadInTurn {
  if (database.kind !== 'pglite') return (read) => read();
  let lane = lanes.get(database);
  if (!lane) {
    let last: Promise<unknown> = Promise.resolve();
    lane = (read) => {
      const turn = last.then(read);
      last = turn.catch(() => undefined);
      return turn;
    };
    lanes.set(database, lane);
  }
  return lane;
}
