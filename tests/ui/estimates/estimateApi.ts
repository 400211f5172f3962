/**
 * A small stand-in for the estimates API behind the real data provider: an estimate with its
 * work areas, the customer and sites it hangs off, and the users. Tests change the stored
 * data, or answer a call differently with `override`, and read the calls made.
 */
import { fakeFetch, json, noContent, type FakeCall } from '../fakeApi';
import { estimateProfitability } from '../../../src/domain/profitability';

export const users = [
  { id: 7, username: 'ada', firstName: 'Ada', lastName: 'Lovelace', active: true },
  { id: 8, username: 'grace', firstName: 'Grace', lastName: 'Hopper', active: true },
  // Disabled: offered only where a record already names them.
  { id: 9, username: 'max', firstName: 'Max', lastName: 'Leaver', active: false },
];

export const customer = {
  id: 5,
  name: 'Green Acres Estate',
  address1: '1 Farm Road',
  city: 'Trenton',
  state: 'NJ',
  zip: '08601',
  type: 1,
  version: 1,
};

export const customerSites = [
  { id: 9, customerID: 5, name: 'North Field', address1: '3 Farm Road', city: 'Trenton', state: 'NJ', zip: '08601' },
  { id: 10, customerID: 5, name: 'South Lawn', address1: '4 Farm Road', city: 'Trenton', state: 'NJ', zip: '08601' },
];

export function storedEstimate(changes: Record<string, unknown> = {}) {
  return {
    id: 42,
    siteID: 9,
    customerID: 5,
    customerName: 'Green Acres Estate',
    number: 1007,
    projectName: 'Spring Cleanup 2025',
    status: 0,
    subtotal: 1800,
    salesperson: 7,
    estimator: 8,
    updatedBy: 7,
    isArchived: false,
    discount: 0,
    lostReason: null as string | null,
    lostNote: null as string | null,
    version: 3,
    createdAt: '2025-04-01T14:00:00.000Z',
    updatedAt: '2025-04-02T14:00:00.000Z',
    ...changes,
  };
}

/** The worked areas of tests/unit/pricing.test.ts: subtotal 1800, taxes 96.25, total 1896.25. */
export function workedAreas() {
  return [
    { id: 1, estimateID: 42, name: 'Front Beds', tax: 'NJ', isIncluded: true, subtotal: 1000, notes: null, version: 1 },
    { id: 2, estimateID: 42, name: 'Back Lawn', tax: 'PA', isIncluded: true, subtotal: 500, notes: null, version: 1 },
    { id: 3, estimateID: 42, name: 'Church Lot', tax: 'EXEMPT', isIncluded: true, subtotal: 300, notes: null, version: 1 },
    { id: 4, estimateID: 42, name: 'Option: Pavers', tax: 'Phila', isIncluded: false, subtotal: 10000, notes: null, version: 1 },
  ];
}

/** Each worked area's direct cost and crew hours (Σ of its lines), as the server sums them. */
export const AREA_COSTS: Record<number, { materialCost: number; laborHours: number }> = {
  1: { materialCost: 400, laborHours: 10 },
  2: { materialCost: 200, laborHours: 5 },
  3: { materialCost: 100, laborHours: 2 },
  4: { materialCost: 5000, laborHours: 100 },
};

/** The company's costing: a crew hour costs $40 plus $10 of overhead; the target margin is 35 %. */
export const COSTING = { laborRate: 40, overheadPerHour: 10, targetMarginPercent: 35 };

export interface EstimateApi {
  calls: FakeCall[];
  estimate: ReturnType<typeof storedEstimate>;
  areas: ReturnType<typeof workedAreas>;
  costing: typeof COSTING;
  /** Answers the next matching call instead of the stand-in (then the stand-in again). */
  override(method: string, path: string, answer: (call: FakeCall) => Response): void;
  puts(): FakeCall[];
}

export function fakeEstimateApi(estimate = storedEstimate(), areas = workedAreas()): EstimateApi {
  const overrides: { method: string; path: string; answer: (call: FakeCall) => Response }[] = [];
  const api: EstimateApi = {
    calls: [],
    estimate,
    areas,
    costing: { ...COSTING },
    override: (method, path, answer) => overrides.push({ method, path, answer }),
    puts: () => api.calls.filter((c) => c.method === 'PUT'),
  };
  api.calls = fakeFetch((call) => {
    const { method, path } = call;
    const overridden = overrides.findIndex((o) => o.method === method && o.path === path);
    if (overridden >= 0) return overrides.splice(overridden, 1)[0].answer(call);
    const record = `/api/estimates/${api.estimate.id}`;
    if (method === 'GET' && path === record) return json(200, api.estimate);
    // Work areas and items go with an estimate; the confirmation says how many.
    if (method === 'GET' && path === `${record}/deleteImpact`) return json(200, { deletes: [], blockedBy: [] });
    if (method === 'GET' && path === `${record}/workAreas`) return json(200, { workAreas: api.areas, count: api.areas.length });
    if (method === 'GET' && path === `${record}/proposals`) return json(200, { proposals: [] });
    if (method === 'GET' && path === '/api/mail/failed') return json(200, { mails: [] });
    if (method === 'GET' && path === `${record}/profitability`) {
      const areasWithLines = api.areas.map((area) => ({
        ...area,
        items: [{ totalCost: AREA_COSTS[area.id]?.materialCost ?? 0, laborHours: AREA_COSTS[area.id]?.laborHours ?? 0 }],
      }));
      return json(200, estimateProfitability({ discount: api.estimate.discount, areas: areasWithLines }, api.costing));
    }
    if (method === 'GET' && path === '/api/company')
      return json(200, { id: 1, version: 1, name: 'Yardstick Landscaping', logo: null, ...api.costing });
    if (method === 'GET' && path === `${record}/revisions`) {
      const { subtotal } = api.estimate;
      return json(200, { revisions: [{ revision: 1, frozenAt: null, frozenBy: null, subtotal, total: subtotal, proposalIDs: [] }] });
    }
    if (method === 'PUT' && path === record) {
      const body = call.body as Record<string, unknown>;
      if (body.version !== api.estimate.version)
        return json(409, { message: 'This estimate was changed by someone else; reload to see the changes.' });
      api.estimate = { ...api.estimate, ...pick(body), version: api.estimate.version + 1 };
      return json(200, api.estimate);
    }
    if (method === 'DELETE' && path === record) return noContent();
    if (method === 'GET' && path === '/api/users') return json(200, users);
    if (method === 'GET' && path === '/api/company/lostReasons') return json(200, { reasons: LOST_REASONS, version: 2 });
    if (method === 'GET' && path === `/api/customers/${customer.id}`) return json(200, customer);
    const site = customerSites.find((s) => path === `/api/sites/${s.id}`);
    if (method === 'GET' && site) return json(200, site);
    if (method === 'GET' && path === `/api/customers/${customer.id}/sites`)
      return json(200, { sites: customerSites, count: customerSites.length });
    return json(404, { message: `Not found: ${method} ${path}` });
  });
  return api;
}

/** The office's lost reasons (issue 39): one kept for the office. */
export const LOST_REASONS = [
  { name: 'Price', officeOnly: false },
  { name: 'Timing', officeOnly: false },
  { name: 'Bad fit for us', officeOnly: true },
];

/** What a PUT of §7 may change, and a lost estimate's reason (issue 39). */
function pick(body: Record<string, unknown>) {
  const { status, projectName, salesperson, estimator, discount, isArchived, lostReason, lostNote } = body;
  return { status, projectName, salesperson, estimator, discount, isArchived, lostReason, lostNote } as Partial<
    ReturnType<typeof storedEstimate>
  >;
}
