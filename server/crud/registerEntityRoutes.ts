import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { entityByName } from '../../src/schema';
import type { Entity, ParentRoute } from '../../src/schema/defineEntity';
import { INT4_MAX } from '../../src/schema/validate';
import { tableOf } from '../db/entityTables';
import { badRequest, notFound, notFoundMessage } from '../errors';
import type { WriteContext } from './hookTypes';
import { hooksOf } from './entityHooks';
import { readListParams } from './readListParams';
import { runList } from './listQuery';
import { entityRouteDocs, nestedListDoc } from '../openapi/entityRouteDocs';
import { describeDependents, findDependents } from './deleteImpact';
import { deleteRecord, getRecord, insertRecord, updateRecord, findRecord } from './records';
import { registerListExport } from './listExportRoute';
import { registerBulkRoute } from './bulkRoute';

type Params = { id: string };

export function parseId(raw: string, what = 'id'): number {
  const id = Number(raw);
  // Ids are 32-bit in the database: a larger one would fail in SQL instead of being unknown.
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(id) || id < 1 || id > INT4_MAX) throw badRequest(`Invalid ${what}.`);
  return id;
}

/** Who makes a change: the signed-in user of the request. */
export function writeContext(request: FastifyRequest): WriteContext {
  return { userId: request.user?.id, now: request.server.deps.now() };
}

export function bodyOf(request: FastifyRequest): Record<string, unknown> {
  const body = request.body;
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw badRequest('The request body must be a JSON object.');
  return body as Record<string, unknown>;
}

/**
 * The generated REST routes of one entity (DESIGN "API contract"): list, get, create,
 * update, delete, plus the nested list and create under its parent when it has one.
 */
export function registerEntityRoutes(api: FastifyInstance, entity: Entity): void {
  const enabled = (route: keyof NonNullable<Entity['routes']>) => entity.routes?.[route] !== false;
  const { db } = api.deps.database;
  const base = `/${entity.route}`;
  const docs = entityRouteDocs(entity);
  // Records a create or update body carries (an item's price rules) are in their documented bodies.
  const carried = hooksOf(entity.name).carried?.doc;
  if (carried) {
    docs.create = { ...docs.create, body: docs.create.body.extend(carried) };
    docs.update = { ...docs.update, body: docs.update.body.extend(carried) };
    if (docs.nestedCreate) docs.nestedCreate = { ...docs.nestedCreate, body: docs.nestedCreate.body.extend(carried) };
  }
  const listBody = (rows: unknown[], count: number) =>
    entity.listCount === false ? { [entity.listKey]: rows } : { [entity.listKey]: rows, count };

  if (enabled('list')) {
    api.get(base, { config: { openapi: docs.list } }, async (request) => {
      const params = await readListParams(db, entity, request.query as Record<string, unknown>, api.deps.now());
      const { rows, count } = await runList(db, entity, tableOf(entity.name), params);
      return listBody(rows, count);
    });
    // The lists a person sees (those with screens) export and act on their selected rows.
    if (entity.screens) {
      registerListExport(api, entity);
      registerBulkRoute(api, entity);
    }
  }

  if (enabled('get')) {
    api.get<{ Params: Params }>(`${base}/:id`, { config: { openapi: docs.get } }, async (request) =>
      getRecord(db, entity, parseId(request.params.id)),
    );
  }

  if (enabled('update')) {
    api.put<{ Params: Params }>(`${base}/:id`, { config: { openapi: docs.update } }, async (request) =>
      updateRecord(db, entity, parseId(request.params.id), bodyOf(request), writeContext(request)),
    );
  }

  if (enabled('delete')) {
    api.delete<{ Params: Params }>(`${base}/:id`, { config: { openapi: docs.delete } }, async (request, reply) => {
      await deleteRecord(db, entity, parseId(request.params.id), writeContext(request));
      return reply.status(204).send();
    });
    // What the delete would take along (or what stops it), for the confirmation to say.
    api.get<{ Params: Params }>(`${base}/:id/deleteImpact`, { config: { openapi: docs.deleteImpact } }, async (request) => {
      const id = parseId(request.params.id);
      await getRecord(db, entity, id);
      return describeDependents(await findDependents(db, entity, [id]));
    });
  }

  // The lists of one record it points to: GET /api/<route of that record>/:id/<entity route>.
  for (const under of [entity.parent, ...(entity.listedUnder ?? [])]) {
    if (under) registerNestedList(api, entity, under, listBody);
  }

  const parent = entity.parent;
  if (!parent) {
    if (enabled('create')) {
      api.post(base, { config: { openapi: docs.create } }, async (request, reply) => {
        const id = await insertRecord(db, entity, bodyOf(request), writeContext(request));
        return reply.status(201).send({ id });
      });
    }
    return;
  }

  const nested = `/${parent.route}/:id/${entity.route}`;
  if (enabled('create')) {
    api.post<{ Params: Params }>(nested, { config: { openapi: docs.nestedCreate } }, async (request, reply) => {
      // The parent is read (404 when missing) in the insert's transaction, once for every step.
      const id = await insertRecord(db, entity, () => bodyOf(request), writeContext(request), parseId(request.params.id));
      return reply.status(201).send({ id });
    });
  }
}

/** GET /api/<under route>/:id/<entity route>: the list of the records pointing to one (404 when it does not exist). */
function registerNestedList(
  api: FastifyInstance,
  entity: Entity,
  under: ParentRoute,
  listBody: (rows: unknown[], count: number) => Record<string, unknown>,
): void {
  const { db } = api.deps.database;
  const underEntity = entityByName(under.entity);
  api.get<{ Params: Params }>(
    `/${under.route}/:id/${entity.route}`,
    { config: { openapi: nestedListDoc(entity, underEntity) } },
    async (request) => {
      const id = parseId(request.params.id);
      if (!(await findRecord(db, underEntity, id))) throw notFound(notFoundMessage(underEntity));
      const params = await readListParams(db, entity, request.query as Record<string, unknown>, api.deps.now());
      const table = tableOf(entity.name);
      const { rows, count } = await runList(db, entity, table, params, [eq(table[under.field], id)]);
      return listBody(rows, count);
    },
  );
}
