import type { Database } from '../../server/db/connection';

type Query = (...args: any[]) => Promise<unknown>;

/** server/jobs/queue.ts claimNextJob's statement. */
const JOB_CLAIM = /UPDATE jobs\s+SET job_status = 'running'/;

/** The SQL text of a driver call: `query(text, …)` or `query({text, …})`. */
const textOf = (args: unknown[]) => {
  const first = args[0];
  return typeof first === 'string' ? first : String((first as { text?: string })?.text ?? first);
};

/**
 * Every statement the server sends to the database from now on, as the driver sees it: the
 * queries, and the BEGIN and COMMIT (or ROLLBACK) of each transaction, whichever driver opened
 * them (PGlite's `transaction()` sends its own; drizzle sends them itself over `pg`). For tests
 * that pin how many round trips a request costs.
 */
export function watchStatements(database: Database): { take(): string[] } {
  let log: string[] = [];
  const wrap = (target: any, method: 'query' | 'exec') => {
    const original: Query = target[method].bind(target);
    target[method] = (...args: unknown[]) => {
      log.push(textOf(args));
      return original(...args);
    };
  };
  if (database.pglite) {
    const client = database.pglite as any;
    wrap(client, 'query');
    wrap(client, 'exec');
    const transaction = client.transaction.bind(client);
    client.transaction = async (work: (tx: unknown) => Promise<unknown>) => {
      log.push('BEGIN');
      let ended = 'ROLLBACK';
      try {
        const result = await transaction((tx: any) => {
          wrap(tx, 'query');
          wrap(tx, 'exec');
          return work(tx);
        });
        ended = 'COMMIT';
        return result;
      } finally {
        log.push(ended);
      }
    };
  } else if (database.pool) {
    // pool.query borrows a client too, so every statement passes through a client's query.
    const pool = database.pool as any;
    const watch = (client: any) => {
      if (client && !client.__statementsWatched) {
        wrap(client, 'query');
        client.__statementsWatched = true;
      }
      return client;
    };
    const connect = pool.connect.bind(pool);
    pool.connect = (callback?: (error: unknown, client: unknown, release: unknown) => void) =>
      callback
        ? connect((error: unknown, client: unknown, release: unknown) => callback(error, watch(client), release))
        : connect().then(watch);
  }
  return {
    take() {
      // The job runner looks for due jobs on its own timer: not the request's statements.
      const taken = log.filter((statement) => !JOB_CLAIM.test(statement));
      log = [];
      return taken;
    },
  };
}
