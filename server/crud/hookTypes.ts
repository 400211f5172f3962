import type { ZodType } from 'zod';
import type { Db } from '../db/connection';

type Row = Record<string, unknown>;

/** Who makes a change: the signed-in user of the request (absent for starter data). */
export interface WriteContext {
  userId?: number;
  /** The app's clock at the request (ms); absent outside a request (the seed, imports' own writes). */
  now?: number;
}

/**
 * Rows a write has already read in its transaction, by the reference field of the record that
 * points to them: the parent of a nested create (read for its 404), the work area a lock went
 * through to its estimate. A later step uses them instead of reading them again (a reference
 * known to exist is not looked up again either).
 */
export type ReadRows = Partial<Record<string, Row>>;

/** A write as the hooks see it: the stored row before it (updates, deletes), who makes it, what it read. */
export interface WriteChange {
  existing?: Row;
  context: WriteContext;
  read: ReadRows;
}

/**
 * Records of another entity that a create or update body may carry and that are written with
 * the record, in its transaction (an item's price rules under `calculations`).
 */
export interface CarriedRecords {
  /** Their key in the body and its shape, for the API document of the create and update bodies. */
  doc: Record<string, ZodType>;
  /**
   * Reads them from the body before anything is written: field messages that join the
   * record's own (one 400 for both), and what to write once the record is (nothing when the
   * body carries none).
   */
  check: (body: Row) => { errors: Record<string, string>; write?: (tx: Db, record: Row) => Promise<void> };
}

/**
 * What an entity's generated routes need beyond its declaration, kept as small as that:
 * optional steps per entity, one line per entity in the registry (./entityHooks.ts). Every
 * insert, update and delete runs in one transaction: an insert reads its parent, then
 * prepareCreate, validate, lock; an update or delete reads the stored row, locks and reads it
 * again, then validates (with the carried records); then serverValues, the write, the carried
 * records' write, afterWrite.
 */
export interface EntityHooks {
  /** Completes the body of a new record before validation (e.g. a position after the others). */
  prepareCreate?: (db: Db, body: Row) => Promise<Row>;
  /**
   * Completes the body of an update before it is merged with the stored row and validated
   * (a line given another catalogue item copies what it leaves out from that item).
   */
  prepareUpdate?: (db: Db, body: Row, existing: Row) => Promise<Row>;
  /**
   * Locks what the write will recompute, before anything of it is read (an estimate row for
   * its work areas and items). Gets the new values of an insert, the stored row otherwise, and
   * the rows read so far; answers the rows it read on its way (merged into them).
   */
  lock?: (tx: Db, record: Row, read: ReadRows) => Promise<ReadRows | void>;
  /** Other records its create and update bodies carry, written after it in its transaction. */
  carried?: CarriedRecords;
  /** Server-managed column values of an insert or update, after validation (copied or computed). */
  serverValues?: (tx: Db, values: Row, change: WriteChange) => Promise<Row>;
  /** After the write, in its transaction: what is derived from this record (subtotals upwards). */
  afterWrite?: (tx: Db, record: Row, change: WriteChange & { deleted?: boolean }) => Promise<void>;
}
