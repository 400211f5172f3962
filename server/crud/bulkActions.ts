import { and, eq, inArray } from 'drizzle-orm';
import { checkCustomValue, customErrorKey } from '../../src/schema/customFields';
import { customFieldsOf } from '../db/customFieldDefinitions';
import { CUSTOM_COLUMN } from '../db/tableFromEntity';
import type { Entity } from '../../src/schema/defineEntity';
import { entityByName } from '../../src/schema';
import { resolveScreens } from '../../src/schema/screens';
import { INT4_MAX } from '../../src/schema/validate';
import {
  ARCHIVE_FIELD,
  blockedReason,
  MAX_BULK_IDS,
  NOT_FOUND_REASON,
  STATUS_FIELD,
  type BulkAction,
  type BulkDeleteImpact,
  type BulkKept,
  type BulkResult,
} from '../../src/domain/bulkActions';
import type { DeleteImpactPart } from '../../src/domain/deleteImpact';
import type { Db } from '../db/connection';
import { tableOf } from '../db/entityTables';
import { siteServices } from '../db/tables/siteServices';
import { badRequest, formInvalid, HttpError } from '../errors';
import type { WriteContext } from './hookTypes';
import { describeDependents, findDependents } from './deleteImpact';
import { deleteRecord, findRecord, inTransaction, updateRecord } from './records';

type Row = Record<string, unknown>;

/** A bulk request, checked: the action, the distinct ids, and what the action sets. */
export interface BulkRequest {
  action: BulkAction;
  ids: number[];
  status?: number;
  serviceID?: number;
  /** setCustomField (issue 38): the field's key and the value it takes (null clears it). */
  customField?: { key: string; value: unknown };
}

/** The actions an entity's list offers: the delete preview and delete, and what it declares. */
export function bulkActionsOf(entity: Entity): BulkAction[] {
  const deletes: BulkAction[] = entity.routes?.delete === false ? [] : ['deleteImpact', 'delete'];
  return [...deletes, ...(entity.bulkActions ?? []), ...(entity.customFields ? (['setCustomField'] as const) : [])];
}

const isId = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 1 && v <= INT4_MAX;

/** Reads `{action, ids, status?, serviceID?}`; a bad one is a 400 naming the field. */
export function parseBulkRequest(entity: Entity, body: unknown): BulkRequest {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw badRequest('The request body must be a JSON object.');
  const given = body as Row;
  const allowed = bulkActionsOf(entity);
  if (typeof given.action !== 'string' || !(allowed as string[]).includes(given.action)) {
    throw badRequest(`action must be one of: ${allowed.join(', ')}.`);
  }
  const action = given.action as BulkAction;
  const ids = given.ids;
  if (!Array.isArray(ids) || ids.length === 0 || ids.length > MAX_BULK_IDS || !ids.every(isId)) {
    throw badRequest(`ids must be an array of 1 to ${MAX_BULK_IDS} record ids (positive whole numbers).`);
  }
  const request: BulkRequest = { action, ids: [...new Set(ids)] };
  if (action === 'setStatus') {
    const choices = entity.field(STATUS_FIELD)?.choices ?? [];
    if (!choices.includes(given.status as number)) throw badRequest(`status must be one of: ${choices.join(', ')}.`);
    request.status = given.status as number;
  }
  if (action === 'assignService' || action === 'unassignService') {
    if (!isId(given.serviceID)) throw badRequest('serviceID must be a service id (a positive whole number).');
    request.serviceID = given.serviceID;
  }
  if (action === 'setCustomField') {
    if (typeof given.key !== 'string' || !given.key) throw badRequest("key must be the custom field's key.");
    request.customField = { key: given.key.slice(0, 100), value: given.value ?? null };
  }
  return request;
}

/** The stored rows of `ids` (locked for the transaction), by id. */
async function rowsOf(tx: Db, entity: Entity, ids: number[]): Promise<Map<number, Row>> {
  const table = tableOf(entity.name);
  const rows = await tx.select().from(table).where(inArray(table.id, ids)).orderBy(table.id).for('update');
  return new Map(rows.map((row) => [row.id as number, row as Row]));
}

const nameOf = (entity: Entity, row: Row | undefined): string | null => {
  const value = row?.[resolveScreens(entity).titleField];
  return value === null || value === undefined ? null : String(value);
};

/** Splits ids into the existing rows and those kept as not found. */
async function existing(tx: Db, entity: Entity, ids: number[], kept: BulkKept[]): Promise<Map<number, Row>> {
  const rows = await rowsOf(tx, entity, ids);
  for (const id of ids) if (!rows.has(id)) kept.push({ id, name: null, reason: NOT_FOUND_REASON });
  return rows;
}

/** Adds the parts of one record's delete impact to a running sum. */
function addParts(sum: Map<string, DeleteImpactPart>, parts: DeleteImpactPart[]): void {
  for (const part of parts) {
    const entry = sum.get(part.name);
    sum.set(part.name, entry ? { ...entry, count: entry.count + part.count } : { ...part });
  }
}

/**
 * What deleting the rows would do: each row's delete impact, as the single delete's
 * confirmation computes it; the rows something stops are kept with the reason.
 */
async function deletePlan(tx: Db, entity: Entity, ids: number[]): Promise<BulkDeleteImpact & { rows: Map<number, Row> }> {
  const kept: BulkKept[] = [];
  const rows = await existing(tx, entity, ids, kept);
  const done: number[] = [];
  const deletes = new Map<string, DeleteImpactPart>();
  for (const [id, row] of rows) {
    const impact = describeDependents(await findDependents(tx, entity, [id]));
    if (impact.blockedBy.length) kept.push({ id, name: nameOf(entity, row), reason: blockedReason(impact.blockedBy) });
    else {
      done.push(id);
      addParts(deletes, impact.deletes);
    }
  }
  return { done, kept, deletes: [...deletes.values()], rows };
}

/**
 * A record write of each row through the single write's path (its lock, its hooks, its
 * version bump), each in a savepoint: a row the write refuses is kept with the refusal.
 */
async function updateEach(tx: Db, entity: Entity, ids: number[], changes: Row, context: WriteContext): Promise<BulkResult> {
  const kept: BulkKept[] = [];
  const rows = await existing(tx, entity, ids, kept);
  const done: number[] = [];
  for (const [id, row] of rows) {
    try {
      await updateRecord(tx, entity, id, { ...changes, version: row.version }, context);
      done.push(id);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      // A refused field says why (a lost estimate's missing reason), not "Form is invalid.".
      const reason = error.errors ? (Object.values(error.errors)[0] ?? error.message) : error.message;
      kept.push({ id, name: nameOf(entity, row), reason });
    }
  }
  return { done, kept };
}

/** Assigns or unassigns a service to each existing site (as the single assignment, no version moves). */
async function serviceAssignments(tx: Db, entity: Entity, request: BulkRequest): Promise<BulkResult> {
  const serviceID = request.serviceID!;
  const services = entityByName('services');
  if (!(await findRecord(tx, services, serviceID))) throw badRequest('serviceID: Service does not exist.');
  const kept: BulkKept[] = [];
  const done = [...(await existing(tx, entity, request.ids, kept)).keys()];
  if (done.length && request.action === 'assignService') {
    await tx
      .insert(siteServices)
      .values(done.map((siteID) => ({ siteID, serviceID })))
      .onConflictDoNothing();
  } else if (done.length) {
    await tx.delete(siteServices).where(and(inArray(siteServices.siteID, done), eq(siteServices.serviceID, serviceID)));
  }
  return { done, kept };
}

/** Runs one bulk request in one transaction. */
export async function runBulkAction(
  db: Db,
  entity: Entity,
  request: BulkRequest,
  context: WriteContext,
): Promise<BulkResult | BulkDeleteImpact> {
  return inTransaction(db, async (tx) => {
    switch (request.action) {
      case 'deleteImpact': {
        const { done, kept, deletes } = await deletePlan(tx, entity, request.ids);
        return { done, kept, deletes };
      }
      case 'delete': {
        const { done, kept } = await deletePlan(tx, entity, request.ids);
        for (const id of done) await deleteRecord(tx, entity, id, context);
        return { done, kept };
      }
      case 'archive':
      case 'unarchive':
        return updateEach(tx, entity, request.ids, { [ARCHIVE_FIELD]: request.action === 'archive' }, context);
      case 'setStatus':
        return updateEach(tx, entity, request.ids, { [STATUS_FIELD]: request.status }, context);
      case 'assignService':
      case 'unassignService':
        return serviceAssignments(tx, entity, request);
      case 'setCustomField': {
        const { key, value } = request.customField!;
        // Checked once for all the rows: an unknown field or a refused value is the request's 400.
        const definition = (await customFieldsOf(tx, entity.name)).find((field) => field.key === key);
        if (!definition) throw badRequest(`Unknown custom field: ${key}.`);
        const checked = checkCustomValue(definition, value);
        if ('error' in checked) throw formInvalid({ [customErrorKey(key)]: checked.error });
        return updateEach(tx, entity, request.ids, { [CUSTOM_COLUMN]: { [key]: checked.value } }, context);
      }
    }
  });
}
