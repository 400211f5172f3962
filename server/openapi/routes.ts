import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { OPENAPI_PATH, REFERENCE_PATH } from '../../src/domain/apiContract';
import { fileDownload, type RouteDoc } from './routeDoc';
import { renderReferencePage } from './referencePage';
import { withCustomFields } from './customFieldDocs';
import { allCustomFields } from '../db/customFieldDefinitions';

const TAG = 'About the API';

const documentDoc: RouteDoc = {
  tag: TAG,
  summary: 'This document',
  description: 'The OpenAPI 3.1 document of the API, generated from the routes and the entity declarations.',
  responses: { 200: z.object({ openapi: z.string() }).loose().describe('The OpenAPI document.') },
};

const referenceDoc: RouteDoc = {
  tag: TAG,
  summary: 'The reference page',
  description: 'This document as a page to read.',
  responses: { 200: fileDownload('The reference page.', 'text/html') },
};

const healthDoc: RouteDoc = {
  tag: TAG,
  summary: 'Health',
  description: 'Answers as soon as the server takes requests.',
  responses: { 200: z.object({ ok: z.literal(true) }).describe('The server is up.') },
};

const underApi = (path: string) => path.replace(/^\/api/, '');

/** `GET /api/health`: public; all that a worker process (ROLE=worker) serves. */
export async function healthRoute(api: FastifyInstance): Promise<void> {
  api.get('/health', { config: { public: true, openapi: healthDoc } }, async () => ({ ok: true }));
}

/** `GET /api/openapi.json`, `GET /api/reference` and `GET /api/health`: public, no sign-in. */
export async function openApiRoutes(api: FastifyInstance): Promise<void> {
  await healthRoute(api);
  // Made again only when the custom fields change (issue 38): the document is large to serialise.
  let document: { fields: string; text: string } | undefined;
  api.get(underApi(OPENAPI_PATH), { config: { public: true, openapi: documentDoc } }, async (_request, reply) => {
    const fields = await allCustomFields(api.deps.database.db);
    const fingerprint = JSON.stringify(fields);
    if (document?.fields !== fingerprint) {
      document = { fields: fingerprint, text: JSON.stringify(withCustomFields(api.swagger() as Record<string, unknown>, fields)) };
    }
    return reply.type('application/json; charset=utf-8').send(document.text);
  });
  let page: string | undefined;
  api.get(underApi(REFERENCE_PATH), { config: { public: true, openapi: referenceDoc } }, async (_request, reply) => {
    page ??= renderReferencePage(api.swagger() as Record<string, unknown>);
    return reply.type('text/html; charset=utf-8').send(page);
  });
}
