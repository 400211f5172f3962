import type { Entity } from '../../src/schema/defineEntity';
import { entityByName } from '../../src/schema';
import { createdSchema, deleteImpactSchema, idParams } from './commonSchemas';
import { entitySchemas } from './entitySchemas';
import { noContent, type RouteDoc } from './routeDoc';

import { entityTag } from '../../src/schema/actions/defineAction';

export { entityTag };

/** The documentation of an entity's generated routes (server/crud/registerEntityRoutes.ts). */
export function entityRouteDocs(entity: Entity) {
  const schemas = entitySchemas(entity);
  const tag = entityTag(entity);
  const { singular, plural } = entity;
  const parent = entity.parent ? entityByName(entity.parent.entity) : undefined;
  return {
    list: {
      tag,
      summary: `List ${plural}`,
      description: `Search, sort, filter and page the ${plural}.`,
      querystring: schemas.listQuery,
      responses: { 200: schemas.list },
    },
    get: { tag, summary: `Get a ${singular}`, params: idParams, responses: { 200: schemas.record } },
    create: {
      tag,
      summary: `Create a ${singular}`,
      body: schemas.create,
      responses: { 201: createdSchema },
    },
    update: {
      tag,
      summary: `Update a ${singular}`,
      description: `The whole ${singular} with the version it was read at; answers the stored ${singular}.`,
      params: idParams,
      body: schemas.update,
      responses: { 200: schemas.record },
      errors: [409],
    },
    delete: {
      tag,
      summary: `Delete a ${singular}`,
      params: idParams,
      responses: { 204: noContent(`The ${singular} and what goes with it are deleted.`) },
      errors: [409],
    },
    deleteImpact: {
      tag,
      summary: `What deleting a ${singular} would do`,
      params: idParams,
      responses: { 200: deleteImpactSchema },
    },
    nestedList: parent && nestedListDoc(entity, parent),
    nestedCreate: parent && {
      tag,
      summary: `Create a ${singular} of a ${parent.singular}`,
      params: idParams,
      body: schemas.create.omit({ [entity.parent!.field]: true } as Record<string, true>),
      responses: { 201: createdSchema },
    },
  } satisfies Record<string, RouteDoc | undefined>;
}

export type EntityRouteDocs = ReturnType<typeof entityRouteDocs>;

/** GET /api/<under>/:id/<entity>: the entity's list of one record it points to (its parent, or one it is listed under). */
export function nestedListDoc(entity: Entity, under: Pick<Entity, 'singular'>): RouteDoc {
  const schemas = entitySchemas(entity);
  return {
    tag: entityTag(entity),
    summary: `List a ${under.singular}'s ${entity.plural}`,
    params: idParams.describe(`The ${under.singular}'s id.`),
    querystring: schemas.listQuery,
    responses: { 200: schemas.list },
  };
}
