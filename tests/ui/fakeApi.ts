/**
 * A stand-in for the API in UI tests: `fetch` answered by a handler, every call recorded,
 * and unsigned JWTs shaped like the server's (the SPA never checks signatures).
 */
import { DEFAULT_FOLLOW_UPS } from '../../src/domain/followUps';
import { DEFAULT_LOST_REASONS } from '../../src/domain/lostReasons';
import { PROPOSAL_STAGES, type Pipeline } from '../../src/domain/pipeline';
import { vi } from 'vitest';
import { emptySitePlan } from '../../src/domain/sitePlan';

const nothingDecided = { won: 0, lost: 0, lostValue: 0, winRatePercent: null };
/** Home's pipeline of an office with no proposal out and nothing decided this year. */
export const EMPTY_PIPELINE: Pipeline = {
  stages: PROPOSAL_STAGES.map((stage) => ({ stage, count: 0, value: 0 })),
  conversion: { sent: 0, opened: 0, signed: 0, medianDaysToSign: null },
  outcomes: { from: '2026-01-01', to: '2026-12-31', total: nothingDecided, byReason: [], bySalesperson: [] },
};

/** Home's agreements card of an office with no agreement yet (issue 40). */
export const EMPTY_AGREEMENT_SUMMARY = {
  season: { from: '2026-01-01', to: '2026-12-31' },
  agreements: 0,
  revenue: 0,
  billed: 0,
  remaining: 0,
  week: { from: '2026-11-23', to: '2026-11-29', planned: 0, done: 0 },
  overBudget: 0,
};

/**
 * What an office that has set nothing up answers, where a test's handler does not (404): no
 * custom fields (issue 38), no proposals out, nothing to tell, no agreement (issue 40), and the Company tab's folded
 * cards' own settings (Follow-ups, Lost reasons, issue 39) before the office first saves them.
 */
export function officeDefaults(call: Pick<FakeCall, 'method' | 'path'> & Partial<Pick<FakeCall, 'query'>>): Response | undefined {
  if (call.method !== 'GET') return undefined;
  // A gallery's photos (issue 42): none taken yet.
  if (/^\/api\/(sites|estimates|workAreas|snowVisits)\/\d+\/photos$/.test(call.path)) return json(200, { photos: [] });
  // An estimate's agreements (the Proposals panel, issue 40): none signed yet.
  if (/^\/api\/estimates\/\d+\/agreements$/.test(call.path)) return json(200, { agreements: [], count: 0 });
  // A site's snow log (issue 41): nothing logged this season.
  const snowLog = /^\/api\/sites\/(\d+)\/snowLog$/.exec(call.path);
  if (snowLog) return json(200, { siteID: Number(snowLog[1]), season: Number(call.query?.get('season')), entries: [], head: null });
  // A site's plan (issue 42): none drawn yet.
  const plan = /^\/api\/sites\/(\d+)\/plan$/.exec(call.path);
  if (plan) return json(200, emptySitePlan(Number(plan[1])));
  switch (call.path) {
    case '/api/customFields':
      return json(200, { customFields: [] });
    case '/api/proposals/pipeline':
      return json(200, EMPTY_PIPELINE);
    case '/api/notices':
      return json(200, { notices: [], unseen: 0 });
    case '/api/company/followUps':
      return json(200, { ...DEFAULT_FOLLOW_UPS, version: 0 });
    case '/api/company/lostReasons':
      return json(200, { reasons: DEFAULT_LOST_REASONS, version: 0 });
    case '/api/agreements/summary':
      return json(200, EMPTY_AGREEMENT_SUMMARY);
    default:
      return undefined;
  }
}

export interface FakeCall {
  method: string;
  url: string;
  path: string;
  query: URLSearchParams;
  headers: Headers;
  body: unknown;
  credentials: RequestCredentials | undefined;
}

export type FakeHandler = (call: FakeCall) => Response | Promise<Response>;

export function base64url(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

/**
 * A token for Ada Lovelace (id 7), an admin (the office's first user), expiring
 * `expiresInSeconds` from now, with `claims` merged in.
 */
export function makeToken(claims: Record<string, unknown> = {}, expiresInSeconds = 1800): string {
  const now = Math.floor(Date.now() / 1000);
  const payload = {
    sub: '7',
    username: 'ada',
    firstName: 'Ada',
    lastName: 'Lovelace',
    role: 'admin',
    mustChangePassword: false,
    iat: now,
    exp: now + expiresInSeconds,
    ...claims,
  };
  return `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url(payload)}.c2lnbmF0dXJl`;
}

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

export function text(status: number, body: string): Response {
  return new Response(body, { status, headers: { 'Content-Type': 'text/plain' } });
}

export const noContent = () => new Response(null, { status: 204 });

/** Replaces global fetch; returns the list the calls are recorded in. Undo with vi.unstubAllGlobals(). */
export function fakeFetch(handler: FakeHandler): FakeCall[] {
  const calls: FakeCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = String(input);
      const parsed = new URL(url, 'http://localhost');
      const raw = init.body;
      const call: FakeCall = {
        method: init.method ?? 'GET',
        url,
        path: parsed.pathname,
        query: parsed.searchParams,
        headers: new Headers(init.headers),
        body: typeof raw === 'string' ? JSON.parse(raw) : raw,
        credentials: init.credentials,
      };
      calls.push(call);
      const answer = await handler(call);
      return (answer.status === 404 && officeDefaults(call)) || answer;
    }),
  );
  return calls;
}
