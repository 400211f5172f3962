/** PublicProposal fixtures and a fake fetch for the client's page tests. */
import { vi } from 'vitest';
import { estimatePricing } from '../../../src/domain/pricing';
import type { PublicArea, PublicProposal } from '../../../src/domain/proposals';

export const AREAS: PublicArea[] = [
  {
    id: 11,
    name: 'Front lawn renovation',
    tax: 'NJ',
    notes: '<p>Core aerate and <strong>overseed</strong>.</p><ul><li>Starter fertilizer</li></ul>',
    subtotal: 1250,
  },
  { id: 12, name: 'Patio planting beds', tax: 'PA', notes: '<p style="text-align: center">Mulch, 3 inches.</p>', subtotal: 860.5 },
  { id: 13, name: 'Drainage swale', tax: 'EXEMPT', notes: null, subtotal: 2400 },
];

const pricingOfAll = (areas: PublicArea[], discount: number) =>
  estimatePricing(
    areas.map((area) => ({ subtotal: area.subtotal, tax: area.tax, isIncluded: true })),
    discount,
  );

export function proposalFixture(overrides: Partial<PublicProposal> = {}): PublicProposal {
  const areas = overrides.areas ?? AREAS;
  return {
    status: 'viewed',
    superseded: false,
    printType: 'WORK_AREA_PRICE_ONLY',
    approval: true,
    sentAt: '2026-11-20T15:30:00.000Z',
    validUntil: '2026-12-20',
    company: {
      name: 'Green Acres Landscaping',
      address1: '100 Meadow Lane',
      address2: null,
      city: 'Princeton',
      state: 'NJ',
      zip: '08540',
      phone: '(609) 555-0100',
      email: 'office@greenacres.example',
      website: 'greenacres.example',
      logo: 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    },
    customer: { name: 'Maple Street HOA', address1: '12 Maple St', address2: 'Unit 4', city: 'Trenton', state: 'NJ', zip: '08608' },
    site: { name: 'North Field', address1: '40 North Rd', address2: null, city: 'Ewing', state: 'NJ', zip: '08618' },
    salesperson: { name: 'Sam Seller', phone: '(609) 555-0123', email: 'sam@greenacres.example' },
    estimate: { number: 1042, revision: 2, projectName: 'Spring renovation 2027', createdAt: '2026-11-18T14:00:00.000Z' },
    areas,
    pricing: pricingOfAll(areas, 10),
    terms: [
      { name: 'Payment', content: '<p>Net 30 days from the invoice.</p>' },
      { name: 'Warranty', content: '<p>Plants are guaranteed for <em>one year</em>.</p>' },
    ],
    pdfUrl: '/api/public/proposals/tok-123/pdf',
    response: null,
    lostReasons: ['Price', 'Timing', 'Other'],
    ...overrides,
  };
}

export interface Call {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

type Reply = { status: number; body?: unknown } | 'network-error';
type Route = (call: Call) => Reply | undefined;

/** A fetch that answers from `routes` (first that answers wins) and records every call. */
export function fakeFetch(...routes: Route[]) {
  const calls: Call[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const call: Call = {
      method: init.method ?? 'GET',
      url: String(input),
      headers: Object.fromEntries(Object.entries((init.headers ?? {}) as Record<string, string>).map(([k, v]) => [k.toLowerCase(), v])),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    const reply = routes.map((route) => route(call)).find(Boolean) ?? { status: 404, body: { message: 'Not found' } };
    if (reply === 'network-error') throw new TypeError('Failed to fetch');
    return new Response(reply.body === undefined ? '' : JSON.stringify(reply.body), {
      status: reply.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetch);
  return { fetch, calls, posts: () => calls.filter((call) => call.method === 'POST') };
}

/** GET of the proposal answers `proposal` (or a function of the call count). */
export const getProposal =
  (answer: PublicProposal | (() => Reply)): Route =>
  (call) =>
    call.method === 'GET' && /\/api\/public\/proposals\/[^/]+$/.test(call.url)
      ? typeof answer === 'function'
        ? answer()
        : { status: 200, body: answer }
      : undefined;

export const post =
  (kind: string, reply: Reply): Route =>
  (call) =>
    call.method === 'POST' && call.url.endsWith(`/${kind}`) ? reply : undefined;

/** A 2D context that accepts every drawing call: jsdom has no canvas. */
export function fakeCanvas(png = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAAB') {
  const store: Record<string | symbol, unknown> = {};
  const context = new Proxy(store, {
    get: (target, key) => (key in target ? target[key] : () => undefined),
    set: (target, key, value) => {
      target[key] = value;
      return true;
    },
  });
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(() => context as never);
  vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockImplementation(() => png);
}
