import type { Db } from '../db/connection';

type Row = Record<string, unknown>;

/** Who makes a change: the signed-in user of the request (absent for starter data). */
export interface WriteContext {
  userId?: number;
}

/** A write as the hooks see it: the stored row before it (updates, deletes) and who makes it. */
export interface WriteChange {
  existing?: Row;
  context: WriteContext;
}

/**
 * What an entity's generated routes need beyond its declaration, kept as small as that:
 * optional steps per entity, one line per entity in the registry below. Every insert,
 * update and delete runs in one transaction, in this order: lock, validate, serverValues,
 * write, afterWrite.
 */
export interface EntityHooks {
  /** Completes the body of a new record before validation (e.g. a position after the others). */
  prepareCreate?: (db: Db, body: Row) => Promise<Row>;
  /**
   * Locks what the write will recompute, before anything of it is read (an estimate row for
   * its work areas and items). Gets the new values of an insert, the stored row otherwise.
   */
  lock?: (tx: Db, record: Row) => Promise<void>;
  /** Server-managed column values of an insert or update, after validation (copied or computed). */
  serverValues?: (tx: Db, values: Row, change: WriteChange) => Promise<Row>;
  /** After the write, in its transaction: what is derived from this record (subtotals upwards). */
  afterWrite?: (tx: Db, record: Row, change: WriteChange & { deleted?: boolean }) => Promise<void>;
}
