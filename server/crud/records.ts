import { and, eq, sql } from 'drizzle-orm';
import type { Entity } from '../../src/schema/defineEntity';
import { entityByName } from '../../src/schema';
import {
  decimalLimit,
  INT4_MAX,
  staleMessage,
  validateRecord,
  VERSION_INVALID,
  VERSION_REQUIRED,
  type ValidationResult,
} from '../../src/schema/validate';
import type { Db } from '../db/connection';
import { tableOf } from '../db/entityTables';
import { conflict, formInvalid, notFound, notFoundMessage } from '../errors';
import { sanitizeRichText } from '../richText';
import { deleteBlockedMessage } from '../../src/domain/deleteImpact';
import { describeDependents, findDependents } from './deleteImpact';
import { hooksOf } from './entityHooks';
import type { ReadRows, WriteChange, WriteContext } from './hookTypes';
import { recordSelection, withLookups } from './fieldExpressions';
import { checkCustomValues } from '../../src/schema/customFields';
import { customFieldsOf } from '../db/customFieldDefinitions';
import { CUSTOM_COLUMN } from '../db/tableFromEntity';

type Row = Record<string, unknown>;

export async function findRecord(db: Db, entity: Entity, id: number): Promise<Row | undefined> {
  const table = tableOf(entity.name);
  const [row] = await withLookups(db.select(recordSelection(entity, table)).from(table).$dynamic(), entity, table).where(eq(table.id, id));
  return row as Row | undefined;
}

export async function getRecord(db: Db, entity: Entity, id: number): Promise<Row> {
  const row = await findRecord(db, entity, id);
  if (!row) throw notFound(notFoundMessage(entity));
  return row;
}

/** One transaction for a write and what it recomputes (a savepoint inside a caller's transaction). */
export function inTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction((tx) => work(tx as unknown as Db));
}

/**
 * A body checked with the schema's rules, its valid fields as column values (rich text
 * sanitised, datetimes as Dates), and the field messages. References are not looked up.
 */
export function storableValues(entity: Entity, body: Row): ValidationResult {
  const { values, errors } = validateRecord(entity, body);
  for (const f of entity.resolved) {
    if (f.kind === 'richText' && typeof values[f.name] === 'string') values[f.name] = sanitizeRichText(values[f.name] as string);
    if (f.kind === 'datetime' && typeof values[f.name] === 'string') values[f.name] = new Date(values[f.name] as string);
  }
  return { values, errors };
}

/**
 * Validates a body with the schema's rules and returns the column values to store. A
 * reference is looked up unless its row was already read in this write (`read`).
 */
export async function valuesToStore(
  db: Db,
  entity: Entity,
  body: Row,
  read: ReadRows = {},
  moreErrors: Record<string, string> = {},
  storedCustom?: unknown,
): Promise<Row> {
  const { values, errors: own } = storableValues(entity, body);
  const errors = { ...own, ...moreErrors };
  if (entity.customFields) {
    // The body's `custom` over the stored values (a key left out keeps its value).
    const custom = checkCustomValues(await customFieldsOf(db, entity.name), body[CUSTOM_COLUMN], storedCustom);
    Object.assign(errors, custom.errors);
    values[CUSTOM_COLUMN] = custom.values;
  }
  for (const f of entity.resolved) {
    if (f.kind === 'reference' && values[f.name] != null && !errors[f.name] && read[f.name]?.id !== values[f.name]) {
      // The target may be a table outside the registry (users).
      const target = tableOf(f.references!.entity);
      const idColumn = target.id;
      const [found] = await db
        .select({ id: idColumn })
        .from(target)
        .where(eq(idColumn, values[f.name] as number))
        .limit(1);
      if (!found) errors[f.name] = `${f.label} does not exist.`;
    }
  }
  if (Object.keys(errors).length) throw formInvalid(errors);
  return values;
}

/**
 * Server-computed values (an item's totals) must fit their columns too: what PostgreSQL would
 * refuse is a 400 naming the field, never a 500.
 */
export function checkComputed(entity: Entity, computed: Row): void {
  const errors: Record<string, string> = {};
  for (const [name, value] of Object.entries(computed)) {
    const f = entity.field(name);
    if (f?.kind === 'decimal' && typeof value === 'number' && !(Math.abs(value) < decimalLimit(f))) {
      errors[name] = `${f.label} is too large.`;
    }
  }
  if (Object.keys(errors).length) throw formInvalid(errors);
}

async function withServerValues(tx: Db, entity: Entity, values: Row, change: WriteChange): Promise<Row> {
  const computed = (await hooksOf(entity.name).serverValues?.(tx, values, change)) ?? {};
  checkComputed(entity, computed);
  return { ...values, ...computed };
}

/**
 * Inserts a record. `parentId`: created under that parent (a nested route): the parent is read
 * first, in the transaction (404 when missing, whatever the body), and the field pointing to it
 * is set; the hooks get the parent's row instead of reading it again. A body given as a function
 * is read after that (a request's malformed body answers 400 only under an existing parent).
 */
export async function insertRecord(
  db: Db,
  entity: Entity,
  body: Row | (() => Row),
  context: WriteContext = {},
  parentId?: number,
): Promise<number> {
  const hooks = hooksOf(entity.name);
  const table = tableOf(entity.name);
  return inTransaction(db, async (tx) => {
    const read: ReadRows = {};
    if (parentId !== undefined && entity.parent) {
      read[entity.parent.field] = await getRecord(tx, entityByName(entity.parent.entity), parentId);
    }
    let given = typeof body === 'function' ? body() : body;
    if (parentId !== undefined && entity.parent) given = { ...given, [entity.parent.field]: parentId };
    const carried = hooks.carried?.check(given);
    const values = await valuesToStore(tx, entity, (await hooks.prepareCreate?.(tx, given)) ?? given, read, carried?.errors);
    Object.assign(read, await hooks.lock?.(tx, values, read));
    const [row] = await tx
      .insert(table)
      .values(await withServerValues(tx, entity, values, { context, read }))
      .returning();
    await carried?.write?.(tx, row as Row);
    await hooks.afterWrite?.(tx, row as Row, { context, read });
    return row.id as number;
  });
}

/**
 * Inserts records whose values were already checked against their declaration (an import's
 * rows: server/imports/plan.ts), in the caller's transaction, through the same write hooks as
 * insertRecord, so that a hook added to an entity later runs for imported records too: an
 * entity with hooks gets them record by record; one without (customers, contacts, sites, items
 * today) is one statement for them all. Answers the ids, in order.
 */
export async function insertCheckedRecords(tx: Db, entity: Entity, rows: Row[], context: WriteContext = {}): Promise<number[]> {
  if (!rows.length) return [];
  const hooks = hooksOf(entity.name);
  const table = tableOf(entity.name);
  if (!hooks.prepareCreate && !hooks.lock && !hooks.serverValues && !hooks.afterWrite) {
    const stored = await tx
      .insert(table)
      .values(rows as never[])
      .returning({ id: table.id });
    return stored.map((row) => row.id as number);
  }
  const ids: number[] = [];
  for (const given of rows) {
    const values = (await hooks.prepareCreate?.(tx, given)) ?? given;
    const read: ReadRows = { ...((await hooks.lock?.(tx, values, {})) ?? {}) };
    const [row] = await tx
      .insert(table)
      .values((await withServerValues(tx, entity, values, { context, read })) as never)
      .returning();
    await hooks.afterWrite?.(tx, row as Row, { context, read });
    ids.push(row.id as number);
  }
  return ids;
}

/** What updateCheckedRecord changed: the fields' values before, and the record's new version. */
export interface CheckedUpdate {
  previous: Row;
  version: number;
}

const hasWriteHooks = (hooks: ReturnType<typeof hooksOf>) =>
  Boolean(hooks.prepareUpdate || hooks.lock || hooks.serverValues || hooks.afterWrite || hooks.carried);

/**
 * Sets values already checked against their declaration (an import's update:
 * server/imports/commit.ts) on a stored record, in the caller's transaction. `changesOf` picks
 * what to change from the row as stored (nothing: no write). An entity with write hooks gets the
 * API's own update (updateRecord: its lock, hooks and checks, from the version read), so that a
 * hook added to an entity later runs for imported changes too; one without is one statement on
 * the row locked. Answers what changed, or undefined when the record is gone or nothing changes.
 */
export async function updateCheckedRecord(
  tx: Db,
  entity: Entity,
  id: number,
  changesOf: (stored: Row) => Row,
  context: WriteContext = {},
): Promise<CheckedUpdate | undefined> {
  const hooks = hooksOf(entity.name);
  const table = tableOf(entity.name);
  const hooked = hasWriteHooks(hooks);
  // With hooks, updateRecord takes the locks in the API's order (its hooks' first).
  const reading = tx.select().from(table).where(eq(table.id, id));
  const [stored] = (hooked ? await reading : await reading.for('update')) as Row[];
  if (!stored) return undefined;
  const changes = changesOf(stored);
  if (!Object.keys(changes).length) return undefined;
  const previous = Object.fromEntries(Object.keys(changes).map((field) => [field, stored[field]]));
  if (hooked) {
    const row = await updateRecord(tx, entity, id, { ...changes, version: stored.version }, context);
    return { previous, version: row.version as number };
  }
  const [row] = await tx
    .update(table)
    .set({ ...changes, version: sql`${table.version} + 1`, updatedAt: sql`now()` } as never)
    .where(eq(table.id, id))
    .returning({ version: table.version });
  return { previous, version: row.version as number };
}

/**
 * The `version` a PUT was made from (DESIGN "Writes"): every record has one, and every PUT
 * must carry it (400 without it, 409 when no longer current), so no client can overwrite
 * someone else's change without having seen it.
 */
function expectedVersion(body: Row): number {
  if (body.version === undefined || body.version === null || body.version === '') throw formInvalid({ version: VERSION_REQUIRED });
  const given = body.version;
  const expected = typeof given === 'number' ? given : typeof given === 'string' && /^\s*\d+\s*$/.test(given) ? Number(given) : Number.NaN;
  if (!Number.isSafeInteger(expected) || expected < 1 || expected > INT4_MAX) throw formInvalid({ version: VERSION_INVALID });
  return expected;
}

/**
 * The stored row, read again once the hooks' lock is held (so the write works on the latest),
 * and the rows the lock read on its way.
 */
async function lockedRecord(tx: Db, entity: Entity, id: number): Promise<{ existing: Row; read: ReadRows }> {
  const hooks = hooksOf(entity.name);
  const first = await getRecord(tx, entity, id);
  if (!hooks.lock) return { existing: first, read: {} };
  const read = (await hooks.lock(tx, first, {})) ?? {};
  return { existing: await getRecord(tx, entity, id), read };
}

/**
 * Full-body update. Fields missing from the body keep their stored value, and so do the
 * parent and read-only fields (a PUT never moves a record to another parent); `version` is required (400) and one that is no longer
 * current is refused with 409 and nothing is written. Answers the stored record.
 */
export async function updateRecord(db: Db, entity: Entity, id: number, body: Row, context: WriteContext = {}): Promise<Row> {
  const hooks = hooksOf(entity.name);
  const table = tableOf(entity.name);
  const idColumn = table.id;
  const versionColumn = table.version;
  return inTransaction(db, async (tx) => {
    const { existing, read } = await lockedRecord(tx, entity, id);
    // After the lookup: an unknown record is a 404 whatever the body.
    const expected = expectedVersion(body);
    const prepared = (await hooks.prepareUpdate?.(tx, body, existing)) ?? body;
    const merged: Row = { ...existing, [CUSTOM_COLUMN]: undefined };
    for (const [key, value] of Object.entries(prepared)) if (value !== undefined) merged[key] = value;
    // A PUT never moves a record to another parent: the parent id, like read-only fields, stays as stored.
    if (entity.parent) merged[entity.parent.field] = existing[entity.parent.field];
    const carried = hooks.carried?.check(body);
    const stored = await valuesToStore(tx, entity, merged, read, carried?.errors, existing[CUSTOM_COLUMN]);
    const values = await withServerValues(tx, entity, stored, { existing, context, read });
    const [row] = await tx
      .update(table)
      .set({ ...values, version: sql`${versionColumn} + 1`, updatedAt: sql`now()` })
      .where(and(eq(idColumn, id), eq(versionColumn, expected)))
      .returning();
    if (!row) {
      if (await findRecord(tx, entity, id)) throw conflict(staleMessage(entity));
      throw notFound(notFoundMessage(entity));
    }
    await carried?.write?.(tx, row as Row);
    await hooks.afterWrite?.(tx, row as Row, { existing, context, read });
    return getRecord(tx, entity, id);
  });
}

export async function deleteRecord(db: Db, entity: Entity, id: number, context: WriteContext = {}): Promise<void> {
  const table = tableOf(entity.name);
  await inTransaction(db, async (tx) => {
    const { existing, read } = await lockedRecord(tx, entity, id);
    const { blockedBy } = describeDependents(await findDependents(tx, entity, [id]));
    if (blockedBy.length) throw conflict(deleteBlockedMessage(entity.singular, blockedBy));
    await tx.delete(table).where(eq(table.id, id));
    await hooksOf(entity.name).afterWrite?.(tx, existing, { existing, context, read, deleted: true });
  });
}
