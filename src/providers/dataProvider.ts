/**
 * react-admin's data provider over the API conventions of DESIGN.md: routes, list keys and
 * parents come from the entity declarations in src/schema; non-CRUD calls are the typed
 * custom methods and the declared actions' client (./actionClient.ts).
 */
import type { DataProvider, GetListResult, Identifier, RaRecord } from 'react-admin';
import { entityByName, type Entity, type ParentRoute } from '../schema';
import { operations } from '../schema/operations';
import { actionMethods, type ActionMethods } from './actionClient';
import { customMethods, type CustomMethods } from './customMethods';
import { announcingFailures } from './failedCalls';
import { API_BASE, httpRequest } from './httpClient';
import { listQuery, type ListRequest, type ListShape } from './listParams';

export type YardstickDataProvider = DataProvider & CustomMethods & ActionMethods;

const recordPath = (entity: Entity, id: Identifier) => `${API_BASE}/${entity.route}/${encodeURIComponent(id)}`;

/** `/api/<parent route>/<parent id>/<entity route>`: where a parent lists (and creates) its records. */
function nestedPath(entity: Entity, under: ParentRoute, parentId: unknown): string {
  if (parentId === undefined || parentId === null || parentId === '') {
    throw new Error(`A new ${entity.singular} needs its ${under.field}.`);
  }
  return `${API_BASE}/${under.route}/${encodeURIComponent(String(parentId))}/${entity.route}`;
}

/** The nested list route of the records `target` points to, when the API has one. */
function nestedListOf(entity: Entity, target: string): ParentRoute | undefined {
  return [entity.parent, ...(entity.listedUnder ?? [])].find((under) => under?.field === target);
}

/** A list the API answers like an entity's: its rows under `listKey`, and a count. */
type ListResource = ListShape & Pick<Entity, 'listKey' | 'plural'>;

/** Read-only lists over bespoke endpoints (no entity behind them), by resource name. */
const listViews = new Map<string, ListResource & { route: string }>([[operations.name, operations]]);

async function fetchList(entity: ListResource, url: string, params: ListRequest): Promise<GetListResult> {
  const { body } = await httpRequest<Record<string, unknown>>(url, { query: listQuery(entity, params) });
  const rows = body?.[entity.listKey];
  if (!Array.isArray(rows)) {
    throw new Error(`The server's ${entity.plural} list has no "${entity.listKey}" array.`);
  }
  const count = body?.count;
  // Lists without a count (services) return everything they match.
  return { data: rows as RaRecord[], total: typeof count === 'number' ? count : rows.length };
}

async function fetchOne(entity: Entity, id: Identifier): Promise<RaRecord> {
  const { body } = await httpRequest<RaRecord>(recordPath(entity, id));
  return body;
}

async function putRecord(entity: Entity, id: Identifier, data: Partial<RaRecord>, previous?: Partial<RaRecord>) {
  // The version the user started from goes back, so a concurrent change answers 409.
  const version = data.version ?? previous?.version;
  const { body } = await httpRequest<RaRecord>(recordPath(entity, id), {
    method: 'PUT',
    body: { ...previous, ...data, id, version },
  });
  return body;
}

const crud: DataProvider = {
  getList: async (resource, params) => {
    const view = listViews.get(resource);
    if (view) return fetchList(view, `${API_BASE}/${view.route}`, params);
    const entity = entityByName(resource);
    return fetchList(entity, `${API_BASE}/${entity.route}`, params);
  },

  getOne: async <R extends RaRecord>(resource: string, { id }: { id: Identifier }) => ({
    data: (await fetchOne(entityByName(resource), id)) as R,
  }),

  getMany: async <R extends RaRecord>(resource: string, { ids }: { ids: Identifier[] }) => {
    const entity = entityByName(resource);
    return { data: (await Promise.all(ids.map((id) => fetchOne(entity, id)))) as R[] };
  },

  getManyReference: async (resource, { target, id, ...params }) => {
    const entity = entityByName(resource);
    const under = nestedListOf(entity, target);
    if (under) return fetchList(entity, nestedPath(entity, under, id), params);
    return fetchList(entity, `${API_BASE}/${entity.route}`, {
      ...params,
      filter: { ...params.filter, [target]: id },
    });
  },

  create: async <R extends RaRecord>(resource: string, { data }: { data: Partial<R> }) => {
    const entity = entityByName(resource);
    const url = entity.parent ? nestedPath(entity, entity.parent, data[entity.parent.field]) : `${API_BASE}/${entity.route}`;
    const { body } = await httpRequest<{ id: Identifier }>(url, { method: 'POST', body: data });
    return { data: { ...data, id: body.id } as R };
  },

  update: async <R extends RaRecord>(
    resource: string,
    { id, data, previousData }: { id: Identifier; data: Partial<R>; previousData?: R },
  ) => ({
    data: (await putRecord(entityByName(resource), id, data, previousData)) as R,
  }),

  updateMany: async (resource, { ids, data }) => {
    const entity = entityByName(resource);
    // The API takes full bodies, so each record is read first and written back with the change.
    for (const id of ids) await putRecord(entity, id, data, await fetchOne(entity, id));
    return { data: ids };
  },

  delete: async (resource, { id, previousData }) => {
    await httpRequest(recordPath(entityByName(resource), id), { method: 'DELETE' });
    return { data: (previousData ?? { id }) as never };
  },

  deleteMany: async (resource, { ids }) => {
    const entity = entityByName(resource);
    for (const id of ids) await httpRequest(recordPath(entity, id), { method: 'DELETE' });
    return { data: ids };
  },
};

/** Every failed call is announced (./failedCalls.ts) for the notification path to show. */
export const dataProvider: YardstickDataProvider = announcingFailures({ ...crud, ...customMethods, ...actionMethods });
