/**
 * The fake API of the snow screens' tests (issue 41): storm 5 with two contracted sites, its
 * board, the append-only visit log (a correction marks the entry it corrects), the route, paved
 * areas, the close-out, and a site's snow log with its check. A test sets `refuse` to have the
 * next visit POST answer 400 naming a field.
 */
import type { SnowVisit } from '../../../src/resources/storms/snowVisit';
import type { BoardSite } from '../../../src/pages/stormBoard/useStormBoard';
import type { CloseOutLine } from '../../../src/pages/stormCloseOut/useStormCloseOut';
import { fakeFetch, json, noContent, type FakeCall } from '../fakeApi';

export const STORM = {
  id: 5,
  name: 'Storm of Jan 5, 2027',
  start: '2027-01-05T09:00:00.000Z',
  end: null,
  depth: 6,
  source: 'NWS',
  notes: '',
  closedOutAt: null,
  version: 1,
};

export function snowVisit(id: number, siteID: number, fields: Partial<SnowVisit> = {}): SnowVisit {
  return {
    id,
    stormID: 5,
    siteID,
    season: 2026,
    sequence: id,
    arrival: '2027-01-05T10:00:00.000Z',
    departure: '2027-01-05T10:45:00.000Z',
    services: ['plow'],
    passes: 1,
    material: null,
    depth: 5,
    crew: 'Crew B',
    notes: '',
    corrects: null,
    reason: null,
    recordedAt: '2027-01-05T10:50:00.000Z',
    recordedByName: 'Ada Lovelace',
    prevHash: 'genesis',
    hash: `hash${id}abcdef0123456789`,
    correctedBy: null,
    ...fields,
  };
}

export const site = (siteID: number, siteName: string, fields: Partial<BoardSite> = {}): BoardSite => ({
  siteID,
  siteName,
  customerName: `${siteName} Owners`,
  address: `${siteID} Main St, Trenton, NJ 08601`,
  agreementID: 100 + siteID,
  agreementNumber: 1000 + siteID,
  services: ['plow', 'salt'],
  routePosition: null,
  pavedArea: null,
  visits: [],
  ...fields,
});

export const LINES: CloseOutLine[] = [
  {
    id: 'event-1',
    siteID: 11,
    siteName: 'North Lot',
    customerName: 'North Lot Owners',
    agreementID: 111,
    agreementNumber: 1011,
    lineName: 'Plowing',
    date: '2027-01-05',
    description: 'Plowing — Storm of Jan 5, 2027, 4–8 in push',
    quantity: 1,
    rate: 185,
    amount: 185,
    tax: 12.26,
    visitIDs: [1],
    exportID: null,
  },
];

export interface StormsApi {
  calls: FakeCall[];
  sites: BoardSite[];
  closedOutAt: string | null;
  /** The next visit POST answers 400 with these field messages. */
  refuse?: Record<string, string>;
}

const posts = (api: StormsApi, path: string) => api.calls.filter((call) => call.method !== 'GET' && call.path === path);
export const visitPosts = (api: StormsApi) => posts(api, '/api/storms/5/visits');

export function fakeStormsApi(sites: BoardSite[]): StormsApi {
  const api: StormsApi = { calls: [], sites, closedOutAt: null };
  let nextId = 100;
  api.calls = fakeFetch((call) => {
    if (call.method === 'GET' && call.path === '/api/storms/5') return json(200, { ...STORM, closedOutAt: api.closedOutAt });
    if (call.method === 'GET' && call.path === '/api/storms/5/board')
      return json(200, { storm: { ...STORM, closedOutAt: api.closedOutAt }, sites: api.sites });
    if (call.method === 'POST' && call.path === '/api/storms/5/visits') {
      if (api.refuse) {
        const errors = api.refuse;
        api.refuse = undefined;
        return json(400, { message: Object.values(errors).join(' '), errors });
      }
      const body = call.body as Partial<SnowVisit> & { siteID: number };
      const target = api.sites.find((s) => s.siteID === body.siteID)!;
      const saved = snowVisit(nextId++, body.siteID, {
        ...body,
        sequence: target.visits.length + 1,
        correctedBy: null,
      } as Partial<SnowVisit>);
      target.visits = [...target.visits.map((v) => (v.id === body.corrects ? { ...v, correctedBy: saved.id } : v)), saved];
      return json(201, saved);
    }
    if (call.method === 'PUT' && call.path === '/api/snowRoute') {
      const ids = (call.body as { siteIDs: number[] }).siteIDs;
      api.sites = ids.map((id, index) => ({ ...api.sites.find((s) => s.siteID === id)!, routePosition: index + 1 }));
      return noContent();
    }
    const paved = /^\/api\/snowSites\/(\d+)$/.exec(call.path);
    if (call.method === 'PUT' && paved) {
      const { pavedArea } = call.body as { pavedArea: number | null };
      api.sites = api.sites.map((s) => (s.siteID === Number(paved[1]) ? { ...s, pavedArea } : s));
      return json(200, { siteID: Number(paved[1]), pavedArea, routePosition: null });
    }
    if (call.path === '/api/storms/5/closeOut') {
      const standing = api.sites.map((s) => ({ ...s, visits: s.visits.filter((v) => v.correctedBy === null) }));
      const missing = standing.filter((s) => !s.visits.length).map((s) => s.siteID);
      if (call.method === 'POST') {
        api.closedOutAt = '2027-01-06T15:00:00.000Z';
        return json(200, { lines: LINES, missing });
      }
      return json(200, { closedOutAt: api.closedOutAt, sites: standing, missing, lines: [] });
    }
    return json(404, { message: `unexpected ${call.method} ${call.path}` });
  });
  return api;
}

/** Makes MUI's useMediaQuery see a 390 px phone (narrower than the `sm` breakpoint, 600px). */
export function emulatePhone(vi: { stubGlobal: (name: string, value: unknown) => unknown }) {
  vi.stubGlobal('innerWidth', 390);
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: /max-width:\s*599\.95px/.test(query),
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  }));
}
