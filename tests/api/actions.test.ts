/**
 * Every action declared once (issue 36): each declaration in src/schema/actions has its route,
 * its operation in /api/openapi.json and its typed client method, and the SPA's checks answer
 * a hostile body with exactly the server's field messages.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApi, type TestApi } from '../helpers/testApi';
import { databaseKinds } from '../helpers/testDatabase';
import { actionList } from '../../src/schema/actions';
import { actionErrors } from '../../src/schema/actions/checkBody';
import { bodySchema, pathParams, type ActionDefinition } from '../../src/schema/actions/defineAction';
import { actionMethods, actionPath } from '../../src/providers/actionClient';
import { officeDate } from '../../src/domain/officeDate';
import { OPENAPI_PATH } from '../../src/domain/apiContract';
import { createEstimate } from '../helpers/printFixtures';
import { sendBody } from '../helpers/proposalFixtures';

type Json = Record<string, any>;

const documentPath = (path: string) => `/api${path.replace(/:(\w+)/g, '{$1}')}`;

/** The body's top-level fields, as the document shows them. */
function bodyFields(action: ActionDefinition, today: string): string[] {
  const schema = bodySchema(action, { today });
  if (!schema) return [];
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as { properties?: Record<string, unknown> };
  return Object.keys(json.properties ?? {});
}

/** Values a hostile client sends in every field at once. */
const HOSTILE_VALUES: unknown[] = [
  null,
  '\u0000',
  'x'.repeat(70_000),
  -1,
  2 ** 53,
  true,
  [],
  [{}],
  ['\u0000', 1.5],
  { mode: 'percent', percent: '4', replace: '\u0000', typed: 7 },
  '2026-02-30',
];

describe.each(databaseKinds())('every action declared once (%s)', (kind) => {
  let api: TestApi;
  let document: Json;
  /** A sent proposal's link token: the public answers' path. */
  let token: string;
  const pathArgs = (action: ActionDefinition) => pathParams(action.path).map((name) => (action.textParams?.includes(name) ? token : 1));

  beforeAll(async () => {
    api = await createTestApi(kind);
    api.token = await api.login();
    document = (await api.request('GET', OPENAPI_PATH, undefined, null)).body;
    const estimate = await createEstimate(api, { projectName: 'Walk', areas: [{ name: 'Front beds', items: [] }] });
    const sent = await api.post(`/api/estimates/${estimate.id}/proposals`, sendBody(api));
    expect(sent.status).toBe(201);
    token = sent.body.link.split('/p/')[1];
  });
  afterAll(() => api?.close());

  /** What the actions could change: the estimates and their proposals as listed. */
  async function everything() {
    const estimates = (await api.get('/api/estimates')).body.estimates;
    const proposals = await Promise.all(
      estimates.map(async (estimate: Json) => (await api.get(`/api/estimates/${estimate.id}/proposals`)).body),
    );
    return { estimates, proposals };
  }

  it('declares some actions, each name once and each method and path once', () => {
    expect(actionList.length).toBeGreaterThan(0);
    expect(new Set(actionList.map((action) => action.name)).size).toBe(actionList.length);
    expect(new Set(actionList.map((action) => `${action.method} ${action.path}`)).size).toBe(actionList.length);
  });

  it.each(actionList.map((action) => [action.name, action] as const))('%s: routed, documented, on the typed client', (_, action) => {
    expect(api.app.hasRoute({ method: action.method, url: `/api${action.path}` })).toBe(true);
    const operation = document.paths[documentPath(action.path)]?.[action.method.toLowerCase()];
    expect(operation, `${action.method} ${action.path} in the document`).toBeDefined();
    expect(operation.summary).toBe(action.summary);
    expect(Object.keys(operation.responses)).toContain(String(action.status));
    if (action.body) expect(operation.requestBody).toBeDefined();
    expect(typeof (actionMethods as Record<string, unknown>)[action.name]).toBe('function');
    expect(
      actionPath(
        action,
        pathParams(action.path).map(() => 7),
      ),
    ).toBe(action.path.replace(/:\w+/g, '7'));
  });

  it.each(actionList.filter((action) => action.body).map((action) => [action.name, action] as const))(
    '%s: a hostile body gets the same field messages from the SPA and the server, and changes nothing',
    async (_, action) => {
      const today = officeDate(new Date(api.clock.now));
      const fields = bodyFields(action, today);
      expect(fields.length).toBeGreaterThan(0);
      const url = `/api${actionPath(action, pathArgs(action))}`;
      const before = await everything();
      let refused = 0;
      for (const [index] of HOSTILE_VALUES.entries()) {
        // Each field gets a different hostile value in each round.
        const body = Object.fromEntries(fields.map((field, at) => [field, HOSTILE_VALUES[(index + at) % HOSTILE_VALUES.length]]));
        const spa = actionErrors(action, body, { today });
        // A round whose values all happen to be acceptable (a null reason) is not sent: it would answer.
        if (!Object.keys(spa).length) continue;
        refused += 1;
        const res = await api.request(action.method, url, body);
        expect(res.status, `${url} ${JSON.stringify(body).slice(0, 200)}`).toBe(400);
        expect(res.body.errors).toEqual(spa);
      }
      expect(refused).toBeGreaterThan(HOSTILE_VALUES.length / 2);
      for (const notAnObject of [[], [1, 2]]) {
        const res = await api.request(action.method, url, notAnObject);
        expect(res.status).toBe(400);
        expect(res.body.message).toBe(actionErrors(action, notAnObject, { today })['']);
      }
      expect(await everything()).toEqual(before);
    },
  );
});
