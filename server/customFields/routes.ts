import { and, desc, eq, max, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { entityByName } from '../../src/schema';
import { actions } from '../../src/schema/actions';
import {
  CUSTOM_FIELD_NOT_FOUND,
  CUSTOM_FIELD_STALE,
  CUSTOM_FIELDS_LIMIT_MESSAGE,
  REORDER_FIELDS_INVALID,
} from '../../src/schema/actions/customFields';
import { customFieldMessages, isCustomFieldEntity, type CustomFieldInput } from '../../src/schema/customFieldDefinitions';
import {
  CUSTOM_FIELD_KIND_LABELS,
  CUSTOM_FIELDS_MAX,
  keyFromLabel,
  PRINTABLE_ENTITIES,
  type CustomFieldDefinition,
  type CustomFieldEntity,
} from '../../src/schema/customFields';
import { registerAction } from '../actions/registerAction';
import type { Db } from '../db/connection';
import { customFieldChanges, customFields } from '../db/tables/customFields';
import { badRequest, conflict, formInvalid, notFound } from '../errors';
import { inTransaction } from '../crud/records';
import { allCustomFields, customFieldsOf, definitionOf } from '../db/customFieldDefinitions';
import { convertValues, countValues, removeValues, reservedKeys, writeValues } from './storedValues';

const SETTINGS = ['label', 'kind', 'required', 'min', 'max', 'choices', 'showInList', 'filterable', 'printOnProposal', 'help'] as const;

/** `?entity=`: one of the entities, or all when left out. */
function entityParam(request: FastifyRequest): CustomFieldEntity | undefined {
  const raw = (request.query as Record<string, unknown>).entity;
  if (raw === undefined || raw === '') return undefined;
  if (!isCustomFieldEntity(raw)) throw badRequest(customFieldMessages.entity);
  return raw;
}

const userName = (request: FastifyRequest) => `${request.user?.firstName ?? ''} ${request.user?.lastName ?? ''}`.trim();

async function audit(
  tx: Db,
  request: FastifyRequest,
  field: Pick<CustomFieldDefinition, 'id' | 'entity' | 'key' | 'label'>,
  action: 'added' | 'changed' | 'deleted' | 'reordered',
  changes: Record<string, [unknown, unknown]>,
): Promise<void> {
  await tx.insert(customFieldChanges).values({
    fieldID: field.id,
    entity: field.entity,
    key: field.key,
    label: field.label,
    action,
    changes,
    userID: request.user?.id ?? null,
    userName: userName(request),
  });
}

function differences(before: Partial<CustomFieldInput>, after: Partial<CustomFieldInput>): Record<string, [unknown, unknown]> {
  const changes: Record<string, [unknown, unknown]> = {};
  for (const name of SETTINGS) {
    if (JSON.stringify(before[name] ?? null) !== JSON.stringify(after[name] ?? null))
      changes[name] = [before[name] ?? null, after[name] ?? null];
  }
  return changes;
}

async function lockedField(tx: Db, id: number): Promise<CustomFieldDefinition> {
  const [row] = await tx.select().from(customFields).where(eq(customFields.id, id)).for('update');
  if (!row) throw notFound(CUSTOM_FIELD_NOT_FOUND);
  return definitionOf(row);
}

/** What a change that some stored values refuse says: the kind, the choice or the limit that refuses them. */
function refusedMessage(field: CustomFieldDefinition, next: CustomFieldInput, refused: number): string {
  const records = `${refused} ${refused === 1 ? entityByName(field.entity).singular : entityByName(field.entity).plural}`;
  const hold = refused === 1 ? 'holds' : 'hold';
  if (next.kind !== field.kind) {
    return `${records} ${hold} a value of ${field.label} that cannot become ${CUSTOM_FIELD_KIND_LABELS[next.kind]}: change or clear them first.`;
  }
  const removed = field.choices.filter((choice) => !next.choices.includes(choice));
  if (removed.length)
    return `${records} ${hold} a choice of ${field.label} that would be removed (${removed.join(', ')}): change them first.`;
  return `${records} ${hold} a value of ${field.label} that its new settings would refuse: change them first.`;
}

/** Settings › Fields (issue 38): the definitions' routes, declared in src/schema/actions/customFields.ts. */
export async function customFieldRoutes(api: FastifyInstance): Promise<void> {
  const { db } = api.deps.database;

  registerAction(api, actions.listCustomFields, async ({ request }) => {
    const entity = entityParam(request);
    return { customFields: entity ? await customFieldsOf(db, entity) : await allCustomFields(db) };
  });

  registerAction(api, actions.listCustomFieldChanges, async ({ request }) => {
    const entity = entityParam(request);
    const rows = await db
      .select()
      .from(customFieldChanges)
      .where(entity ? eq(customFieldChanges.entity, entity) : undefined)
      .orderBy(desc(customFieldChanges.at), desc(customFieldChanges.id))
      .limit(200);
    return {
      changes: rows.map((row) => ({
        id: row.id,
        at: row.at.toISOString(),
        fieldID: row.fieldID,
        entity: row.entity as CustomFieldEntity,
        key: row.key,
        label: row.label,
        action: row.action,
        changes: row.changes,
        userName: row.userName,
      })),
    };
  });

  registerAction(api, actions.addCustomField, async ({ body, request }) => {
    const { entity, ...settings } = body as CustomFieldInput & { entity: CustomFieldEntity };
    const key = keyFromLabel(settings.label);
    if (reservedKeys(entity).has(key)) {
      throw formInvalid({ label: `${settings.label} is already a field of ${entityByName(entity).plural}: choose another label.` });
    }
    return inTransaction(db, async (tx) => {
      // One field added at a time per entity, so the limit and the position hold under concurrent adds.
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`customFields ${entity}`}))`);
      const existing = await tx.select().from(customFields).where(eq(customFields.entity, entity));
      if (existing.length >= CUSTOM_FIELDS_MAX) throw badRequest(CUSTOM_FIELDS_LIMIT_MESSAGE);
      const taken = existing.find((row) => row.key === key);
      if (taken) throw conflict(`${entityByName(entity).plural} already have a field with the key ${key} (${taken.label}).`);
      const [{ last }] = await tx
        .select({ last: max(customFields.position) })
        .from(customFields)
        .where(eq(customFields.entity, entity));
      const [row] = await tx
        .insert(customFields)
        .values({ entity, key, ...settings, position: (last ?? 0) + 1 })
        .returning();
      await audit(tx, request, definitionOf(row), 'added', differences({}, settings));
      return { id: row.id, key };
    });
  });

  registerAction(api, actions.updateCustomField, async ({ ids, body, request }) => {
    const { version, ...next } = body as CustomFieldInput & { version: number };
    return inTransaction(db, async (tx) => {
      const field = await lockedField(tx, ids.id);
      if (field.version !== version) throw conflict(CUSTOM_FIELD_STALE);
      if (next.printOnProposal && !PRINTABLE_ENTITIES.includes(field.entity))
        throw formInvalid({ printOnProposal: customFieldMessages.notPrintable });
      const conversion = await convertValues(tx, field, next);
      if (conversion.refused) throw conflict(refusedMessage(field, next, conversion.refused));
      await writeValues(tx, field.entity, field.key, conversion.changed);
      const [row] = await tx
        .update(customFields)
        .set({ ...next, version: sql`${customFields.version} + 1`, updatedAt: sql`now()` })
        .where(and(eq(customFields.id, field.id), eq(customFields.version, version)))
        .returning();
      const changes = differences(field, next);
      if (Object.keys(changes).length) await audit(tx, request, definitionOf(row), 'changed', changes);
      return definitionOf(row);
    });
  });

  registerAction(api, actions.deleteCustomField, async ({ ids, request }) => {
    const confirmed = (request.query as Record<string, unknown>).confirm === 'true';
    return inTransaction(db, async (tx) => {
      const field = await lockedField(tx, ids.id);
      const holding = await countValues(tx, field.entity, field.key);
      if (holding && !confirmed) {
        const records = `${holding} ${holding === 1 ? entityByName(field.entity).singular : entityByName(field.entity).plural}`;
        throw conflict(
          `${records} ${holding === 1 ? 'holds' : 'hold'} a value of ${field.label}, which would be deleted with it. Export them first if you need them, then delete with confirm=true.`,
        );
      }
      const deletedValues = holding ? await removeValues(tx, field.entity, field.key) : 0;
      await tx.delete(customFields).where(eq(customFields.id, field.id));
      await audit(tx, request, field, 'deleted', { values: [deletedValues, 0] });
      return { deletedValues };
    });
  });

  registerAction(api, actions.reorderCustomFields, async ({ body: { entity, ids }, request }) => {
    await inTransaction(db, async (tx) => {
      const existing = (await tx.select().from(customFields).where(eq(customFields.entity, entity)).for('update')).map(definitionOf);
      const known = new Map(existing.map((field) => [field.id, field]));
      if (known.size !== ids.length || new Set(ids).size !== ids.length || ids.some((id) => !known.has(id))) {
        throw conflict(REORDER_FIELDS_INVALID);
      }
      for (const [index, id] of ids.entries()) {
        const field = known.get(id)!;
        if (field.position === index + 1) continue;
        await tx
          .update(customFields)
          .set({ position: index + 1, version: sql`${customFields.version} + 1`, updatedAt: sql`now()` })
          .where(eq(customFields.id, id));
        await audit(tx, request, field, 'reordered', { position: [field.position, index + 1] });
      }
    });
    return { customFields: await customFieldsOf(db, entity) };
  });
}
