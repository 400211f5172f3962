import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { officeToday } from '../db/officeSettings';
import { bodySchema, pathParams, type ActionBody, type ActionDefinition, type PathParams } from '../../src/schema/actions/defineAction';
import { checkActionBody } from '../../src/schema/actions/checkBody';
import { parseId } from '../crud/registerEntityRoutes';
import { HttpError } from '../errors';
import { idParam } from '../openapi/commonSchemas';
import type { RouteDoc } from '../openapi/routeDoc';

/** What a handler of an action is given: its path parameters read, its body checked. */
export interface ActionInput<Names extends string, Body> {
  /** The path's ids, read. */
  ids: Record<Names, number>;
  /** The path's text parameters (a link's token), as given. */
  texts: Record<string, string>;
  body: Body;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** What a handler of the action answers. */
export type AnswerOf<A extends ActionDefinition> = z.input<A['answer']>;

/** A day for the document's shapes (a body's checks that depend on the day do not change its shape). */
const DOCUMENT_CONTEXT = { today: '2000-01-01' };

function routeDoc(action: ActionDefinition): RouteDoc {
  const params = pathParams(action.path);
  const body = bodySchema(action, DOCUMENT_CONTEXT);
  return {
    tag: action.tag,
    summary: action.summary,
    ...(action.description ? { description: action.description } : {}),
    ...(params.length
      ? {
          params: z.object(Object.fromEntries(params.map((name) => [name, action.textParams?.includes(name) ? z.string() : idParam]))),
        }
      : {}),
    ...(body ? { body } : {}),
    responses: { [action.status]: action.answer },
    ...(action.errors ? { errors: [...action.errors] } : {}),
  };
}

/**
 * Routes an action from its declaration (src/schema/actions): the role it asks for, its path's
 * ids (400 "Invalid id." otherwise), its body checked with the declaration's messages (400
 * naming each field, nothing done), its entry in /api/openapi.json, and its answer's status.
 */
export function registerAction<A extends ActionDefinition>(
  api: FastifyInstance,
  action: A,
  handler: (input: ActionInput<PathParams<A['path']>[number], ActionBody<A>>) => Promise<AnswerOf<A>>,
  options: { preHandler?: (request: FastifyRequest) => Promise<void>; bodyLimit?: number } = {},
): void {
  const names = pathParams(action.path);
  api.route({
    method: action.method,
    url: action.path,
    config: {
      openapi: routeDoc(action),
      adminOnly: action.access === 'admin',
      public: action.access === 'public',
      beforePasswordChange: action.beforePasswordChange === true,
    },
    ...(options.preHandler ? { preHandler: options.preHandler } : {}),
    ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
    handler: async (request, reply) => {
      const raw = request.params as Record<string, string>;
      const isText = (name: string) => action.textParams?.includes(name) ?? false;
      const ids = Object.fromEntries(names.filter((name) => !isText(name)).map((name) => [name, parseId(raw[name], name)]));
      const texts = Object.fromEntries(names.filter(isText).map((name) => [name, raw[name]]));
      const checked = checkActionBody(action, request.body, { today: await officeToday(api.deps.database.db, api.deps.now()) });
      if (!checked.ok) throw new HttpError(400, checked.message, checked.errors);
      const answer = await handler({
        ids: ids as Record<PathParams<A['path']>[number], number>,
        texts,
        body: checked.value as ActionBody<A>,
        request,
        reply,
      });
      if (reply.sent) return reply;
      return reply.status(action.status).send(answer);
    },
  });
}
