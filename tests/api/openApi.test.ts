import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { z } from 'zod';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { createTestApi, type TestApi } from '../helpers/testApi';
import { databaseKinds } from '../helpers/testDatabase';
import { watchResponsesAgainstDocument } from '../helpers/openApiResponses';
import { openApiDocument } from '../../server/openapi/openApiDocument';
import { APP_VERSION } from '../../src/domain/constants';
import { FILTER_PREFIX, OPENAPI_PATH, REFERENCE_PATH } from '../../src/domain/apiContract';
import { entities } from '../../src/schema';

type Json = Record<string, any>;

const asDocumentPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

describe.each(databaseKinds())('the API describes itself (%s)', (kind) => {
  let api: TestApi;
  let document: Json;

  beforeAll(async () => {
    api = await createTestApi(kind);
    const res = await api.request('GET', OPENAPI_PATH, undefined, null);
    expect(res.status).toBe(200);
    document = res.body;
  });
  afterAll(() => api?.close());

  it('serves an OpenAPI 3.1 document without sign-in, with the version of the app', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.info.version).toBe(APP_VERSION);
  });

  it('has every API route the server registered, and no other', () => {
    const registered = api.app.routeList
      .filter((r) => r.url.startsWith('/api/') && r.method !== 'HEAD')
      .map((r) => `${r.method} ${asDocumentPath(r.url)}`)
      .sort();
    const documented = Object.entries<Json>(document.paths)
      .flatMap(([path, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`))
      .sort();
    expect(registered.length).toBeGreaterThan(60);
    expect(documented).toEqual(registered);
  });

  it('gives every operation a summary, a unique id, its error shape, and sign-in unless public', () => {
    const ids = new Set<string>();
    for (const [path, operations] of Object.entries<Json>(document.paths)) {
      for (const [method, op] of Object.entries<Json>(operations)) {
        expect(op.summary, `${method} ${path}`).toBeTruthy();
        expect(ids.has(op.operationId), op.operationId).toBe(false);
        ids.add(op.operationId);
        expect(op.responses['500'].content['application/json'].schema.$ref).toBe('#/components/schemas/Error');
        expect(op.responses['400']).toBeDefined();
        const isPublic = ['/api/health', '/api/login', OPENAPI_PATH, REFERENCE_PATH].includes(path);
        expect(op.security === undefined ? 'signed in' : 'public', `${method} ${path}`).toBe(isPublic ? 'public' : 'signed in');
        if (!isPublic) expect(op.responses['401']).toBeDefined();
        if (method !== 'get') {
          expect(op.responses['403']).toBeDefined();
          expect(op.parameters.map((p: Json) => `${p.in} ${p.name}`)).toEqual(expect.arrayContaining(['header x-xsrf-token', 'cookie XSRF-TOKEN']));
        }
      }
    }
  });

  it("describes each entity from its declaration: every field, every sort key, every filter", () => {
    for (const entity of entities) {
      const list = document.paths[`/api/${entity.route}`]?.get;
      if (!list) continue;
      const names = list.parameters.map((p: Json) => p.name);
      for (const key of entity.filterKeys.keys()) expect(names).toContain(`${FILTER_PREFIX}${key}`);
      const sortBy = list.parameters.find((p: Json) => p.name === 'sortBy');
      expect(sortBy.schema.enum.sort()).toEqual([...entity.sortKeys.keys()].sort());
      const record = list.responses['200'].content['application/json'].schema;
      const listSchema = document.components.schemas[record.$ref.split('/').pop()];
      const recordSchema = document.components.schemas[listSchema.properties[entity.listKey].items.$ref.split('/').pop()];
      expect(Object.keys(recordSchema.properties).sort()).toEqual(
        ['id', 'version', 'createdAt', 'updatedAt', ...entity.resolved.map((f) => f.name)].sort(),
      );
    }
  });

  it('passes @redocly/openapi-core lint (recommended rules) with no errors', async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: JSON.stringify(document), absoluteRef: 'openapi.json', config });
    const errors = problems.filter((p) => p.severity === 'error').map((p) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`);
    expect(errors).toEqual([]);
  });

  it('has a reference page to read, public, with no script', async () => {
    const res = await api.request('GET', REFERENCE_PATH, undefined, null);
    expect(res.status).toBe(200);
    expect(String(res.headers['content-type'])).toMatch(/^text\/html/);
    expect(String(res.headers['content-security-policy'])).toContain("script-src 'self'");
    expect(res.raw).not.toMatch(/<script/i);
    for (const [path, operations] of Object.entries<Json>(document.paths)) {
      expect(res.raw).toContain(`id="${Object.values<Json>(operations)[0].operationId}"`);
      expect(res.raw).toContain(path.replace(/&/g, '&amp;'));
    }
    expect(res.raw).toContain('id="schema-Customer"');
  });
});

describe('the response check', () => {
  it('reports a status, a content type or a body the document does not describe', async () => {
    const app = Fastify();
    await app.register(openApiDocument, { entities: [] });
    const doc = { tag: 'Test', summary: 'A test route', responses: { 200: z.object({ n: z.number() }) } };
    await app.register(
      async (api) => {
        api.get('/right', { config: { openapi: doc } }, async () => ({ n: 1 }));
        api.get('/wrongBody', { config: { openapi: doc } }, async () => ({ n: 'one' }));
        api.get('/wrongStatus', { config: { openapi: doc } }, async (_request, reply) => reply.status(202).send({ n: 1 }));
        api.get('/wrongType', { config: { openapi: doc } }, async (_request, reply) => reply.type('text/plain').send('1'));
      },
      { prefix: '/api' },
    );
    const contract = watchResponsesAgainstDocument(app);
    await app.ready();
    try {
      await app.inject('/api/right');
      expect(contract.take()).toEqual([]);
      await app.inject('/api/wrongBody');
      expect(contract.take()[0].problem).toMatch(/does not match the schema: \/n must be number/);
      await app.inject('/api/wrongStatus');
      expect(contract.take()[0].problem).toMatch(/status 202 is not among the documented/);
      await app.inject('/api/wrongType');
      expect(contract.take()[0].problem).toMatch(/content type text\/plain is not among/);
    } finally {
      await app.close();
    }
  });
});
