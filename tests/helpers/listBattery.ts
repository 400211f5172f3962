import { createHash, type Hash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { count, gt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { seedDatabase } from '../../server/seed';
import { jobs } from '../../server/db/tables/jobs';
import { JOB_KINDS } from '../../src/domain/jobs';
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
const ANSWERS_DIR = fileURLToPath(new URL('../fixtures/listBatteryAnswers/', import.meta.url));
/** `UPDATE_LIST_BATTERY_ANSWERS=1`: write the answers of this run as the ones later runs must give. */
const UPDATE_ANSWERS = process.env.UPDATE_LIST_BATTERY_ANSWERS === '1';
const JOB_TABLES = ['jobs', 'job_files'];

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
 * like the export), their sort and filter keys from the declarations. What each route answers
 * is kept in tests/fixtures/listBatteryAnswers/<answersName>.json (one digest a route, the same
 * on both databases): a change that makes lists faster must answer byte for byte the same (issue 37).
 */
export function useListBattery(kind: DatabaseKind, answersName: string): ListBattery {
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
      // A list's export is a job (issue 36): the job and its file are the only rows a list
      // request writes, one done export job for each export answered 200, none for a 400.
      const tables = (await tableNames(db)).filter((table) => !JOB_TABLES.includes(table));
      const before = await tableChecksums(db, tables);
      const [{ lastJob }] = await db.select({ lastJob: sql<number>`coalesce(max(${jobs.id}), 0)::int` }).from(jobs);
      let exported = 0;
      const statuses = new Map<number, number>();
      const failures: string[] = [];
      let slowest = 0;
      let tried = 0;
      const answers = new Map<string, Hash>();

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
        // The jobs list shows the battery's own exports as the runner takes them: its answer is timing, not the query.
        if (route.pattern !== '/api/jobs' && !answers.has(route.pattern)) answers.set(route.pattern, createHash('sha256'));
        answers.get(route.pattern)?.update(`${url}\n${res.statusCode}\n${comparableAnswer(res.headers['content-type'], res.body)}\n`);
        if (res.statusCode === 200 && route.pattern.endsWith('/export')) exported += 1;
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
      expectSameAnswers(answersName, new Map([...answers].map(([pattern, hash]) => [pattern, hash.digest('hex')])));
      const after = await tableChecksums(db, tables);
      const queued = await db
        .select({ kind: jobs.kind, status: jobs.status, jobs: count() })
        .from(jobs)
        .where(gt(jobs.id, lastJob))
        .groupBy(jobs.kind, jobs.status);
      console.info(
        `list battery on ${kind}: ${tried} requests over ${lists.length} list routes, statuses ${JSON.stringify(Object.fromEntries(statuses))}, slowest ${Math.round(slowest)} ms`,
      );
      expect(failures).toEqual([]);
      expect(after).toEqual(before);
      expect(queued).toEqual(exported ? [{ kind: JOB_KINDS.listExport, status: 'done', jobs: exported }] : []);
      expect(tried).toBeGreaterThan(atLeast);
    },
  };
}

/**
 * An answer as it is compared from run to run: the times and dates the demo data takes from
 * the day it was made, the random token of a proposal's link and the digest of its PDF (which
 * records when it was made), written as placeholders; a workbook (which records when it was
 * written) by its type alone.
 */
function comparableAnswer(contentType: string | string[] | number | undefined, body: string): string {
  const type = String(contentType ?? '');
  if (type.includes('spreadsheetml')) return type;
  return body
    .replace(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:?\d{2})?/g, '<time>')
    .replace(/\d{4}-\d{2}-\d{2}/g, '<date>')
    .replace(/\b\d{1,2}\/\d{1,2}\/\d{4}\b/g, '<date>')
    .replace(/\/p\/[A-Za-z0-9_-]+/g, '/p/<token>')
    .replace(/\b[0-9a-f]{64}\b/g, '<sha256>');
}

/** Compares the answers' digests with the kept ones (or keeps them, UPDATE_LIST_BATTERY_ANSWERS=1). */
function expectSameAnswers(name: string, digests: Map<string, string>): void {
  const file = join(ANSWERS_DIR, `${name}.json`);
  const current = Object.fromEntries([...digests].sort(([a], [b]) => a.localeCompare(b)));
  if (UPDATE_ANSWERS) {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, `${JSON.stringify(current, null, 2)}\n`);
    return;
  }
  if (!existsSync(file))
    throw new Error(`${file} is missing: run the battery with UPDATE_LIST_BATTERY_ANSWERS=1 on a commit whose answers are right`);
  expect(current, 'the list routes whose answers changed').toEqual(JSON.parse(readFileSync(file, 'utf8')));
}

function safeJson(text: string): Record<string, unknown> | undefined {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
