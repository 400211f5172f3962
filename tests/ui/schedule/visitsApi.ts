/**
 * The fake API of the Schedule's tests: GET /api/visits over a list of visits (by range, and by
 * service and crew as the server filters), PUT /api/visits/:id applying the change with its
 * version, or the answer a test sets instead.
 */
import type { Visit } from '../../../src/pages/schedule/visitQuery';
import { fakeFetch, json, type FakeCall } from '../fakeApi';

export function visit(id: number, date: string, lineName: string, customerName: string, fields: Partial<Visit> = {}): Visit {
  return {
    id,
    agreementID: 100 + id,
    agreementNumber: 2000 + id,
    lineID: 10 + id,
    lineName,
    basis: 'perVisit',
    customerID: 50 + id,
    customerName,
    siteID: 70 + id,
    siteName: `${customerName} HQ`,
    siteAddress: `${id} Main St, Trenton, NJ 08601`,
    date,
    plannedDate: date,
    status: 'planned',
    crew: 'Crew A',
    actualHours: null,
    materials: null,
    notes: '',
    billed: false,
    version: 3,
    ...fields,
  };
}

export interface VisitsApi {
  visits: Visit[];
  calls: FakeCall[];
  /** What the next PUTs answer instead of applying the change. */
  refuseWith?: { status: number; message: string };
}

export function fakeVisitsApi(visits: Visit[]): VisitsApi {
  const api: VisitsApi = { visits, calls: [] };
  api.calls = fakeFetch((call) => {
    if (call.method === 'GET' && call.path === '/api/visits') {
      const [from, to] = [call.query.get('from')!, call.query.get('to')!];
      const services = call.query.getAll('filter:service');
      const crews = call.query.getAll('filter:crew');
      const found = api.visits.filter(
        (v) =>
          v.date >= from &&
          v.date <= to &&
          (!services.length || services.includes(v.lineName)) &&
          (!crews.length || crews.includes(v.crew)),
      );
      return json(200, { visits: found });
    }
    const put = call.method === 'PUT' && /^\/api\/visits\/(\d+)$/.exec(call.path);
    if (put) {
      if (api.refuseWith) return json(api.refuseWith.status, { message: api.refuseWith.message });
      const id = Number(put[1]);
      const current = api.visits.find((v) => v.id === id)!;
      const body = call.body as Partial<Visit>;
      if (body.version !== current.version) return json(409, { message: 'Stale.' });
      const changed = { ...current, ...body, version: current.version + 1 };
      api.visits = api.visits.map((v) => (v.id === id ? changed : v));
      return json(200, changed);
    }
    return json(404, { message: `unexpected ${call.method} ${call.path}` });
  });
  return api;
}

export const visitCalls = (api: VisitsApi) => api.calls.filter((c) => c.method === 'GET' && c.path === '/api/visits');
export const putCalls = (api: VisitsApi) => api.calls.filter((c) => c.method === 'PUT');
