import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import { z } from 'zod';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { Entity } from '../../src/schema/defineEntity';
import { APP_VERSION } from '../../src/domain/constants';
import { FILTER_PREFIX, FRESH_TOKEN_HEADER, XSRF_COOKIE, XSRF_HEADER } from '../../src/domain/apiContract';
import { registerEntitySchemas, type SchemaRegistry } from './entitySchemas';
import type { RouteDoc } from './routeDoc';
import { createdSchema, deleteImpactSchema, errorBodySchema } from './commonSchemas';

const API_DESCRIPTION = `The API behind the Yardstick office application: customers, sites, services, the catalogue and estimates.

- **Sign in** with \`POST /api/login\` and send the token as \`Authorization: Bearer <token>\` on every other call. When a token is past half its life, a response carries a fresh one in \`${FRESH_TOKEN_HEADER}\`: use it from then on.
- **Roles.** A user is \`admin\` or \`staff\`. Staff read everything but are answered 403 by the routes that change the office's settings and people (marked "Administrators only"). A user who signed in with a one-time password (\`mustChangePassword: true\`) is answered 403 everywhere until \`PUT /api/users/password\` replaces it.
- **Anti-forgery.** Every response sets a \`${XSRF_COOKIE}\` cookie when the client has none; every request other than GET sends it back both as that cookie and in the \`${XSRF_HEADER}\` header (403 otherwise).
- **Lists** take \`searchTerm\`, \`sortBy\`, \`sortDirection\`, \`limit\`, \`offset\` and \`${FILTER_PREFIX}<column>=<JSON>\` (a value or an array of values), and answer \`{<rows>, count}\`.
- **Writes.** A PUT sends the whole record with the \`version\` it was read at: 409 when someone else has changed it since, and nothing is written.
- **Errors** are \`{message}\`; an invalid form adds \`errors: {field: message}\`. No error carries SQL, a stack or a path.`;

/** The statuses each kind of route can answer beyond its own, and what they mean. */
const ERROR_MEANINGS: Record<number, string> = {
  400: 'The request is malformed or a value is invalid (the message, and for a form each field, says which).',
  401: 'No valid, unexpired token.',
  403: 'The anti-forgery cookie and header are missing or differ (a write); or the user must first change a one-time password, or the route is for administrators only (the message says which).',
  404: 'The record (or its parent) does not exist.',
  409: 'Someone else changed the record since it was read, or it is still in use.',
  410: 'The proposal has expired or was withdrawn.',
  413: 'The request body is too large.',
  415: 'The request body has a type this route does not take.',
  429: 'Too many failed attempts: wait as long as Retry-After says.',
  500: 'Unexpected error; the detail is in the server log only.',
  502: 'The mail server refused the message or could not be reached (the message says why).',
  503: 'The server is busy or a service it needs is unavailable: try again as Retry-After says.',
};

const isWrite = (method: string) => method !== 'GET' && method !== 'HEAD';

function errorStatuses(method: string, url: string, doc: RouteDoc, isPublic: boolean): number[] {
  const statuses = new Set([400, 500, ...(doc.errors ?? [])]);
  if (!isPublic) [401, 403].forEach((s) => statuses.add(s));
  if (isWrite(method)) statuses.add(403);
  if (url.includes('/:')) statuses.add(404);
  if (doc.body) [413, 415].forEach((s) => statuses.add(s));
  return [...statuses].sort((a, b) => a - b);
}

const binary = (description: string) => z.string().describe(description);

/** `text/csv; charset=utf-8` → `text/csv`: the document names media types without parameters. */
export const mediaType = (contentType: string) => contentType.split(';')[0].trim().toLowerCase();

const ADMIN_ONLY_NOTE = 'Administrators only: staff are answered 403.';

function descriptionOf(route: RouteOptions, doc: RouteDoc): { description?: string } {
  const parts = [doc.description, route.config?.adminOnly === true ? ADMIN_ONLY_NOTE : undefined].filter(Boolean);
  return parts.length ? { description: parts.join(' ') } : {};
}

/** The Fastify-style schema @fastify/swagger reads, with zod values for the type provider to turn into JSON Schema. */
function routeSchema(route: RouteOptions, doc: RouteDoc, declared: Record<string, unknown> = {}): Record<string, unknown> {
  const method = [route.method].flat()[0];
  const isPublic = route.config?.public === true;
  const response: Record<string, unknown> = {};
  for (const [status, shape] of Object.entries(doc.responses)) {
    if (shape instanceof z.ZodType) {
      response[status] = { description: shape.description ?? doc.summary, content: { 'application/json': { schema: shape } } };
    } else if (shape.kind === 'none') response[status] = z.null().describe(shape.description);
    else {
      response[status] = {
        description: shape.description,
        content: Object.fromEntries(shape.contentTypes.map((type) => [mediaType(type), { schema: binary(shape.description) }])),
      };
    }
  }
  for (const status of errorStatuses(method, route.url, doc, isPublic)) {
    response[status] = { description: ERROR_MEANINGS[status], content: { 'application/json': { schema: errorBodySchema } } };
  }
  const body = doc.body;
  return {
    ...declared,
    operationId: operationId(method, route.url),
    summary: doc.summary,
    ...descriptionOf(route, doc),
    tags: [doc.tag],
    ...(isPublic ? { security: [] } : {}),
    ...(doc.params ? { params: doc.params } : {}),
    ...(doc.querystring ? { querystring: doc.querystring } : {}),
    ...(body instanceof z.ZodType ? { body } : body ? { body: binary(body.description), consumes: body.contentTypes.map(mediaType) } : {}),
    ...(isWrite(method)
      ? {
          headers: z.object({ [XSRF_HEADER]: z.string().describe(`The value of the ${XSRF_COOKIE} cookie.`) }),
          // Plain JSON Schema: the type provider converts only headers, query, params, body and responses.
          cookies: {
            type: 'object',
            properties: { [XSRF_COOKIE]: { type: 'string', description: 'Set by the server on any response to a client without it.' } },
            required: [XSRF_COOKIE],
          },
        }
      : {}),
    response,
  };
}

type OpenApiObject = { components?: { schemas?: Record<string, unknown> } } & Record<string, unknown>;

/**
 * The type provider names each registered shape twice (as read and as written, `…Input`);
 * the document keeps the components some operation refers to, directly or through another.
 */
function withoutUnusedSchemas(document: OpenApiObject): OpenApiObject {
  const schemas = document.components?.schemas ?? {};
  const prefix = '#/components/schemas/';
  const used = new Set<string>();
  const visit = (node: unknown) => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string' && value.startsWith(prefix)) {
        const name = value.slice(prefix.length);
        if (!used.has(name)) {
          used.add(name);
          visit(schemas[name]);
        }
      } else visit(value);
    }
  };
  visit({ ...document, components: { ...document.components, schemas: {} } });
  const kept = Object.fromEntries(Object.entries(schemas).filter(([name]) => used.has(name)));
  return { ...document, components: { ...document.components, schemas: kept } };
}

/** `GET /api/estimates/:id/pricing` → `getEstimatesIdPricing`: unique per method and path. */
export function operationId(method: string, url: string): string {
  const words = url
    .replace(/^\/api\//, '')
    .split(/[/]+/)
    .filter(Boolean)
    .map((part) => part.replace(/^:/, ''))
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1));
  return method.toLowerCase() + words.join('');
}

/**
 * The OpenAPI 3.1 document of the API, built by @fastify/swagger from the routes as they are
 * registered: each /api route's `config.openapi`, with its zod shapes turned into JSON Schema
 * by fastify-type-provider-zod. Register before the routes. A route without `config.openapi`
 * is left out, which the API tests refuse.
 */
export const openApiDocument = fp(
  async (app: FastifyInstance, { entities }: { entities: Entity[] }) => {
    const registry: SchemaRegistry = z.registry<{ id?: string; description?: string }>();
    registry.add(errorBodySchema, { id: 'Error' });
    registry.add(createdSchema, { id: 'Created' });
    registry.add(deleteImpactSchema, { id: 'DeleteImpact' });
    for (const entity of entities) registerEntitySchemas(registry, entity);
    const toJsonSchema = createJsonSchemaTransform({ schemaRegistry: registry, skipList: [] });
    const toDocument = createJsonSchemaTransformObject({ schemaRegistry: registry });

    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: { title: 'Yardstick API', version: APP_VERSION, description: API_DESCRIPTION },
        servers: [{ url: '/' }],
        components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
        security: [{ bearerAuth: [] }],
      },
      transform: (document) => {
        const { schema, url, route } = document;
        const doc = route.config?.openapi;
        if (!url.startsWith('/api/') || !doc) return { schema: { ...schema, hide: true }, url };
        return toJsonSchema({ ...document, schema: routeSchema(route, doc, schema as Record<string, unknown>) as never });
      },
      transformObject: (document) => withoutUnusedSchemas(toDocument(document) as OpenApiObject) as ReturnType<typeof toDocument>,
    });
  },
  { name: 'openapi-document' },
);
