import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { z } from 'zod';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
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
        const isPublic = ['/api/health', '/api/login', OPENAPI_PATH, REFERENCE_PATH].includes(path) || path.startsWith('/api/public/');
        expect(op.security === undefined ? 'signed in' : 'public', `${method} ${path}`).toBe(isPublic ? 'public' : 'signed in');
        if (!isPublic) expect(op.responses['401']).toBeDefined();
        if (method !== 'get') {
          expect(op.responses['403']).toBeDefined();
          expect(op.parameters.map((p: Json) => `${p.in} ${p.name}`)).toEqual(
            expect.arrayContaining(['header x-xsrf-token', 'cookie XSRF-TOKEN']),
          );
        }
      }
    }
  });

  it('describes each entity from its declaration: every field, every sort key, every filter', () => {
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
        [
          'id',
          'version',
          'createdAt',
          'updatedAt',
          ...entity.resolved.map((f) => f.name),
          ...(entity.customFields ? ['custom'] : []),
        ].sort(),
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

  /** The documented JSON body of an operation, compiled with the document's components. */
  function requestValidator(method: string, path: string) {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    ajv.addSchema({ $id: 'doc', components: document.components });
    const anchored = (value: unknown): unknown =>
      Array.isArray(value)
        ? value.map(anchored)
        : value && typeof value === 'object'
          ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, k === '$ref' && typeof v === 'string' ? `doc${v}` : anchored(v)]))
          : value;
    const schema = document.paths[path]?.[method]?.requestBody?.content?.['application/json']?.schema;
    expect(schema, `${method} ${path} documents a JSON body`).toBeDefined();
    return ajv.compile(anchored(schema) as Json);
  }

  it('documents POST /api/termsConditions with {name} alone (SPEC §7), as the server takes it', async () => {
    const validate = requestValidator('post', '/api/termsConditions');
    expect(validate({ name: 'Payment Terms' }), JSON.stringify(validate.errors)).toBe(true);
    expect(validate({}), 'the name is required').toBe(false);
    const res = await api.post('/api/termsConditions', { name: 'Payment Terms' });
    expect(res.status).toBe(201);
  });

  it('requires in no create body a field the server fills itself: a minimal accepted body of every create route validates', async () => {
    // The least each create route takes (SPEC §7 bodies without their optional fields), in
    // parent-first order; each is sent to the server and checked against the document.
    const ids: Record<string, number> = {};
    const userID = (await api.get('/api/users')).body.find((u: Json) => u.username === 'tester')?.id ?? 1;
    const creates: [string, string, (ids: Record<string, number>) => Json, string][] = [
      [
        '/api/customers',
        '/api/customers',
        () => ({ name: 'Minimal Customer', address1: '1 Oak Ave', city: 'Trenton', state: 'NJ' }),
        'customers',
      ],
      ['/api/customers/{id}/contacts', '/api/customers/:customers/contacts', () => ({ lastName: 'Minimal' }), 'contacts'],
      [
        '/api/customers/{id}/sites',
        '/api/customers/:customers/sites',
        () => ({ name: 'Minimal Site', address1: '1 Oak Ave', city: 'Trenton', state: 'NJ' }),
        'sites',
      ],
      [
        '/api/sites/{id}/estimates',
        '/api/sites/:sites/estimates',
        () => ({ projectName: 'Minimal', salesperson: userID, estimator: userID }),
        'estimates',
      ],
      ['/api/estimates/{id}/workAreas', '/api/estimates/:estimates/workAreas', () => ({ name: 'Front' }), 'workAreas'],
      [
        '/api/workAreas/{id}/workAreaItems',
        '/api/workAreas/:workAreas/workAreaItems',
        () => ({ name: 'Mulch', quantity: 1 }),
        'workAreaItems',
      ],
      ['/api/itemCatalog', '/api/itemCatalog', () => ({ name: 'Minimal Item', cost: 1, price: 2 }), 'itemCatalog'],
      [
        '/api/itemCatalog/{id}/calculations',
        '/api/itemCatalog/:itemCatalog/calculations',
        () => ({ type: 'LESS_THAN_OR_EQUAL', rangeEnd: 10 }),
        'priceRules',
      ],
      ['/api/services', '/api/services', () => ({ name: 'Minimal Service', startDate: '2026-04-01T00:00:00.000Z' }), 'services'],
      ['/api/termsConditions', '/api/termsConditions', () => ({ name: 'Minimal Term' }), 'termsConditions'],
      ['/api/sites/{id}/services', '/api/sites/:sites/services', (known) => ({ serviceID: known.services }), 'siteServices'],
      ['/api/storms', '/api/storms', () => ({ start: '2027-01-05T10:00:00.000Z' }), 'storms'],
    ];
    // Every generated create route of the registry is among them.
    const generatedCreates = entities
      .filter((e) => e.routes?.create !== false)
      .map((e) => (e.parent ? `/api/${e.parent.route}/{id}/${e.route}` : `/api/${e.route}`));
    for (const path of generatedCreates) expect(document.paths[path]?.post, path).toBeDefined();
    expect(creates.map(([path]) => path)).toEqual(expect.arrayContaining(generatedCreates));
    for (const [path, url, body, key] of creates) {
      const sent = body(ids);
      const validate = requestValidator('post', path);
      expect(validate(sent), `${path}: ${JSON.stringify(validate.errors)}`).toBe(true);
      const res = await api.post(
        url.replace(/:(\w+)/, (_, parent: string) => String(ids[parent])),
        sent,
      );
      expect(res.status, `${path}: ${res.raw}`).toBe(201);
      ids[key] = res.body?.id;
    }
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
