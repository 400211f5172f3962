import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, expect } from 'vitest';
import { seedDatabase } from '../../server/seed';
import { appRoutes, encodeQueryValue, leakedInternals, tableChecksums, tableNames } from './hostileInputs';
import { fillPath, listDeclarations, rowsOfList, type ListDeclaration } from './routeFixtures';
import { createTestApi, type TestApi } from './testApi';
import type { DatabaseKind } from './testDatabase';

export interface ListRoute {
  pattern: string;
  path: string;
  declaration?: ListDeclaration;
  params: string[];
}

export const LIST_PARAMS = ['searchTerm', 'sortBy', 'sortDirection', 'limit', 'offset'];
export const UNKNOWN_PARAMS = ['filter:no_such_column', 'filter:__proto__', 'filter:constructor', 'filter:', 'noSuchParam'];
const SLOWEST_ALLOWED_MS = 1000;

/** One GET of a list with one hostile parameter; what was wrong with the answer is kept. */
export type SendList = (route: ListRoute, param: string, value: string, encoded?: string, only?: number) => Promise<void>;

export interface ListBattery {
  api(): TestApi;
  lists(): ListRoute[];
  /**
   * Sends what `sendAll` sends, then checks: only 200 or 400 ({message}), never SQL, a stack or
   * a path in an answer, nothing written, no request over a second; at least `atLeast` requests.
   */
  run(sendAll: (send: SendList) => Promise<void>, atLeast: number): Promise<void>;
}

/**
 * The list battery's frame (issue 12 "The battery"), for the test files that share its work
 * (tests/api/listBattery*.test.ts): the app on the demo data, and its list routes, from the
 * app's own route table (a GET whose answer is a list, or that reads the list parameters,
 * like the export), their sort and filter keys from the declarations.
 */
export function useListBattery(kind: DatabaseKind): ListBattery {
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

  return {
    api: () => api,
    lists: () => lists,
    async run(sendAll, atLeast) {
      const db = api.database.db;
      const tables = await tableNames(db);
      const before = await tableChecksums(db, tables);
      const statuses = new Map<number, number>();
      const failures: string[] = [];
      let slowest = 0;
      let tried = 0;

      const send: SendList = async (route, param, value, encoded = encodeQueryValue(value), only) => {
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

      await sendAll(send);
      const after = await tableChecksums(db, tables);
      console.info(
        `list battery on ${kind}: ${tried} requests over ${lists.length} list routes, statuses ${JSON.stringify(Object.fromEntries(statuses))}, slowest ${Math.round(slowest)} ms`,
      );
      expect(failures).toEqual([]);
      expect(after).toEqual(before);
      expect(tried).toBeGreaterThan(atLeast);
    },
  };
}

function safeJson(text: string): Record<string, unknown> | undefined {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
