import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDatabase } from '../../server/db/seed';
import { MALFORMED_PATH } from '../../server/malformedUrl';
import {
  appRoutes,
  encodeQueryValue,
  hostileStrings,
  leakedInternals,
  malformedEncodings,
  prototypeJson,
  sqlInjections,
  tableChecksums,
  tableNames,
} from '../helpers/hostileInputs';
import { fillPath, listDeclarations, rowsOfList, type ListDeclaration } from '../helpers/routeFixtures';
import { createTestApi, type TestApi } from '../helpers/testApi';
import { databaseKinds } from '../helpers/testDatabase';

interface ListRoute {
  pattern: string;
  path: string;
  declaration?: ListDeclaration;
  params: string[];
}

const LIST_PARAMS = ['searchTerm', 'sortBy', 'sortDirection', 'limit', 'offset'];
const UNKNOWN_PARAMS = ['filter:no_such_column', 'filter:__proto__', 'filter:constructor', 'filter:', 'noSuchParam'];
const SLOWEST_ALLOWED_MS = 1000;

/**
 * Every list route × every list parameter × hostile input (issue 12 "The battery"): the
 * routes come from the app's own route table (a GET whose answer is a list, or that reads
 * the list parameters, like the export), their sort and filter keys from the declarations.
 * Only 200 or 400 ({message}), never a 5xx, never SQL, a stack or a path in an answer,
 * nothing written, no request over a second.
 */
describe.each(databaseKinds())('every list route against hostile query strings, on %s', (kind) => {
  let api: TestApi;
  let lists: ListRoute[];

  beforeAll(async () => {
    // Downloads are made on this thread: the battery times the parameter checks, not a worker thread's start.
    api = await createTestApi(kind, { heavyWork: { threads: 0 } });
    await seedDatabase(api.database.db, { demo: true });
    lists = [];
    for (const { method, url } of appRoutes(api.app)) {
      if (method !== 'GET' || !url.startsWith('/api/')) continue;
      // The client's proposal page is no list: it counts views and is rate-limited (tests/api/proposals*.test.ts).
      if (url.startsWith('/api/public/')) continue;
      const path = await fillPath(api, url);
      if (!path) throw new Error(`no stored row to fill ${url}`);
      const plain = await api.get(path);
      const junkSort = await api.get(`${path}?sortBy=no_such_sort_key`);
      const list = plain.status === 200 ? rowsOfList(plain.body) : undefined;
      if (!list && junkSort.status !== 400) continue;
      const listKey =
        list?.key ??
        url
          .split('/')
          .filter((s) => !s.startsWith(':'))
          .at(-2);
      const declaration = listDeclarations.find((d) => d.listKey === listKey || d.name === listKey);
      const filters = [...(declaration?.filterKeys.keys() ?? [])].map((k) => `filter:${k}`);
      lists.push({ pattern: url, path, declaration, params: [...LIST_PARAMS, ...filters, ...UNKNOWN_PARAMS] });
    }
  }, 120_000);
  afterAll(() => api?.close());

  it('finds the list routes of the registry and the bespoke ones', () => {
    const patterns = lists.map((l) => l.pattern);
    for (const entity of listDeclarations) {
      const generated = entity.parent ? `/api/${entity.parent.route}/:id/${entity.route}` : `/api/${entity.route}`;
      if (entity.routes?.list !== false) expect(patterns, entity.name).toContain(`/api/${entity.route}`);
      expect(patterns, entity.name).toContain(generated);
    }
    expect(patterns).toContain('/api/customers/:id/estimates');
    expect(patterns).toContain('/api/operations/download');
    expect(lists.filter((l) => l.declaration).length).toBeGreaterThan(listDeclarations.length);
  });

  it('answers 200 or a plain 400 to every input, writes nothing and stays under a second', async () => {
    const db = api.database.db;
    const tables = await tableNames(db);
    const before = await tableChecksums(db, tables);
    const statuses = new Map<number, number>();
    const failures: string[] = [];
    let slowest = 0;
    let tried = 0;

    const send = async (route: ListRoute, param: string, value: string, encoded = encodeQueryValue(value), only?: number) => {
      const url = `${route.path}?${encodeQueryValue(param)}=${encoded}`;
      const started = performance.now();
      const res = await api.app.inject({
        method: 'GET',
        url,
        headers: { authorization: `Bearer ${api.token}` },
      });
      const took = performance.now() - started;
      tried += 1;
      slowest = Math.max(slowest, took);
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
      const problem =
        (res.statusCode !== 200 && res.statusCode !== 400) || (only !== undefined && res.statusCode !== only)
          ? `status ${res.statusCode}`
          : res.statusCode === 400 && typeof safeJson(res.body)?.message !== 'string'
            ? 'a 400 without {message}'
            : res.statusCode === 400
              ? leakedInternals(res.body, value, param)
              : took > SLOWEST_ALLOWED_MS
                ? `${Math.round(took)} ms`
                : undefined;
      if (problem && failures.length < 50)
        failures.push(`${route.pattern} ${param}=${JSON.stringify(value).slice(0, 80)}: ${problem} ${res.body.slice(0, 160)}`);
    };

    // Every input once on each kind of parameter, the routes taking turns.
    const inputs = hostileStrings();
    const withFilters = lists.filter((l) => l.params.some((p) => p.startsWith('filter:') && !UNKNOWN_PARAMS.includes(p)));
    for (const [i, value] of inputs.entries()) {
      const route = lists[i % lists.length];
      for (const param of [...LIST_PARAMS, UNKNOWN_PARAMS[i % UNKNOWN_PARAMS.length]]) await send(route, param, value);
      const filtered = withFilters[i % withFilters.length];
      const filters = filtered.params.filter((p) => p.startsWith('filter:') && !UNKNOWN_PARAMS.includes(p));
      const filter = filters[Math.floor(i / withFilters.length) % filters.length];
      await send(filtered, filter, value);
      await send(filtered, filter, JSON.stringify(value));
      await send(filtered, filter, JSON.stringify([value, null]));
    }

    // The sharpest inputs on every parameter of every route, and repeated or malformed ones.
    const sharp = [
      ...sqlInjections.slice(0, 6),
      ...['1.5', '-1', '1e20', '2147483648', '99999999999999999999999', 'NaN', 'true', 'null', '[]', '{}'],
      ...prototypeJson.slice(0, 4),
      ...['[1.5]', '[2147483648]', '[{}]', '\u0000', 'a\u0000b', '["a\\u0000b"]', '', ' '],
    ];
    for (const route of lists) {
      for (const param of route.params) {
        for (const value of sharp) await send(route, param, value);
        for (const bad of malformedEncodings) await send(route, param, bad, bad, 400);
        await send(route, param, '1', `1&${encodeQueryValue(param)}=2`);
      }
    }

    const after = await tableChecksums(db, tables);
    console.info(
      `list battery on ${kind}: ${tried} requests over ${lists.length} list routes, ${inputs.length} distinct inputs, statuses ${JSON.stringify(Object.fromEntries(statuses))}, slowest ${Math.round(slowest)} ms`,
    );
    expect(failures).toEqual([]);
    expect(after).toEqual(before);
    expect(tried).toBeGreaterThan(10_000);
  }, 600_000);

  it('answers a malformed percent-encoding with a 400 {message}, in the query and in the path', async () => {
    const query = await api.get('/api/customers?searchTerm=%E0%A4%A');
    expect(query.status).toBe(400);
    expect(query.body).toEqual({ message: 'The query string is malformed: searchTerm has an invalid percent-encoding.' });
    const name = await api.get('/api/customers?%E0%A4%A=1');
    expect(name.body).toEqual({ message: 'The query string is malformed: a parameter name has an invalid percent-encoding.' });
    const path = await api.get('/api/customers/%E0%A4%A');
    expect(path.status).toBe(400);
    expect(path.body).toEqual({ message: MALFORMED_PATH });
    // Well-formed encodings of the same characters still work.
    expect((await api.get(`/api/customers?searchTerm=${encodeURIComponent('à¤')}`)).status).toBe(200);
  });
});

function safeJson(text: string): Record<string, unknown> | undefined {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
