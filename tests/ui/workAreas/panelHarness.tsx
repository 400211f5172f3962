/**
 * The work areas panel of estimate 5 over a fake data provider holding two areas, their items,
 * a small catalogue with size rules and the existing area names. Tests change `state` to
 * shape what the next read answers.
 */
import type { PhotoRecord } from '../../../src/domain/photos';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import type { CreateParams, DeleteParams, GetListParams, GetManyReferenceParams, GetOneParams, UpdateParams } from 'react-admin';
import { WorkAreasPanel } from '../../../src/resources/estimates/workAreas/WorkAreasPanel';
import { fakeDataProvider, renderAdmin } from '../renderAdmin';
import { estimateProfitability } from '../../../src/domain/profitability';
import { emptySitePlan, type SitePlan } from '../../../src/domain/sitePlan';

export const frontLawn = {
  id: 21,
  estimateID: 5,
  name: 'Front Lawn',
  tax: 'NJ',
  isIncluded: true,
  notes: '<p>Edge the <strong>beds</strong></p>',
  subtotal: 1234.5,
  version: 3,
};
export const backLawn = { id: 22, estimateID: 5, name: 'Back Lawn', tax: 'PA', isIncluded: false, notes: null, subtotal: 0, version: 1 };

export const mowingLine = {
  id: 31,
  workAreaID: 21,
  itemID: 3,
  name: 'Lawn mowing',
  size: 1,
  quantity: 26,
  units: 'visit',
  unitCost: 25,
  unitPrice: 45,
  totalCost: 650,
  totalPrice: 1170,
  kind: 'LABOR',
  hoursPerUnit: 0.75,
  laborHours: 19.5,
  version: 2,
};
export const mulchLine = {
  id: 32,
  workAreaID: 21,
  itemID: 4,
  name: 'Hardwood mulch',
  size: null,
  quantity: 2,
  units: 'yd³',
  unitCost: 28,
  unitPrice: 32.25,
  totalCost: 56,
  totalPrice: 64.5,
  kind: 'MATERIAL',
  hoursPerUnit: 0.5,
  laborHours: 1,
  version: 1,
};

export const mowing = {
  id: 3,
  name: 'Lawn mowing',
  description: 'Mow and trim',
  units: 'visit',
  cost: 25,
  price: 45,
  kind: 'LABOR',
  hoursPerUnit: 0.75,
};
export const mulch = {
  id: 4,
  name: 'Hardwood mulch',
  description: null,
  units: 'yd³',
  cost: 28,
  price: 32.25,
  kind: 'MATERIAL',
  hoursPerUnit: 0.5,
};
export const edging = {
  id: 5,
  name: 'Bed edging',
  description: null,
  units: 'ft',
  cost: 0.4,
  price: 1.1,
  kind: 'MATERIAL',
  hoursPerUnit: null,
};

/** The company's costing: a crew hour costs $40 plus $10 of overhead; the target margin is 35 %. */
export const COSTING = { laborRate: 40, overheadPerHour: 10, targetMarginPercent: 35 };
/** Mowing: the base price up to ¼ acre, + $18 per ¼ acre between ¼ and 2 acres, $95 an acre from 2 acres. */
export const mowingRules = [
  {
    id: 10,
    itemID: 3,
    outputType: 'UNIT_PRICE',
    type: 'LESS_THAN_OR_EQUAL',
    rangeStart: null,
    rangeEnd: 0.25,
    step: null,
    secondaryPrice: null,
  },
  { id: 11, itemID: 3, outputType: 'UNIT_PRICE', type: 'BETWEEN_EXCLUSIVE', rangeStart: 0.25, rangeEnd: 2, step: 0.25, secondaryPrice: 18 },
  { id: 12, itemID: 3, outputType: 'UNIT_PRICE', type: 'GREATER_THAN', rangeStart: 2, rangeEnd: null, step: 0, secondaryPrice: 95 },
];

export const AREA_NAMES = [
  'Front Lawn',
  'Back Lawn',
  'Side Yard',
  'Parking Lot',
  'Lawn Renovation',
  'Courtyard',
  'Main Entrance',
  'Pool Area',
  'North Lot',
  'South Lot',
  'East Beds',
  'West Beds',
  'Lawn Care (Rear)',
];

export interface PanelState {
  areas: Record<string, unknown>[];
  items: Record<string, unknown>[];
  /** GET /workAreas/:id/photos (issue 42): the area's photos (none unless given). */
  photos?: PhotoRecord[];
  /** GET /sites/7/snowHistory (issue 41): the estimate's site's past winters (none unless given). */
  snowHistory?: unknown;
  /** GET /sites/7/plan (issue 42): the estimate's site's plan (none drawn unless given). */
  sitePlan?: SitePlan;
}

export function renderPanel(initial: Partial<PanelState> = {}) {
  const state: PanelState = { areas: [frontLawn, backLawn], items: [mowingLine, mulchLine], ...initial };
  const getManyReference = vi.fn(async (resource: string, params: GetManyReferenceParams) => {
    if (resource === 'workAreas') return { data: state.areas.filter((a) => a.estimateID === params.id), total: state.areas.length };
    if (resource === 'workAreaItems') {
      const rows = state.items.filter((i) => i.workAreaID === params.id);
      return { data: rows, total: rows.length };
    }
    throw new Error(`no ${resource}`);
  });
  const getList = vi.fn(async (resource: string, _params: GetListParams) => {
    if (resource === 'itemCatalog') return { data: [edging, mulch, mowing], total: 3 };
    if (resource === 'priceRules') return { data: mowingRules, total: mowingRules.length };
    throw new Error(`no ${resource}`);
  });
  const create = vi.fn(async (_resource: string, params: CreateParams) => ({ data: { ...params.data, id: 99 } }));
  const update = vi.fn(async (_resource: string, params: UpdateParams) => ({
    data: { ...params.previousData, ...params.data, version: Number(params.previousData.version) + 1 },
  }));
  const deleteOne = vi.fn(async (_resource: string, params: DeleteParams) => ({ data: params.previousData }));
  // A record as stored now (after a 409 the editors load it).
  const getOne = vi.fn(async (resource: string, params: GetOneParams) => {
    const rows = resource === 'workAreas' ? state.areas : resource === 'workAreaItems' ? state.items : [];
    const data = rows.find((row) => row.id === params.id);
    if (!data) throw new Error(`no ${resource} ${params.id}`);
    return { data };
  });
  const request = vi.fn(async (method: string, path: string, options?: { body?: Record<string, unknown> }): Promise<unknown> => {
    if (method === 'GET' && path === '/uniqueColumnValues/work_areas/work_area_name') return AREA_NAMES;
    if (method === 'GET' && /^\/workAreas\/\d+\/photos$/.test(path)) return { photos: state.photos ?? [] };
    if (method === 'PUT' && path.endsWith('/notes')) return { ...frontLawn, notes: options?.body?.notes };
    if (method === 'GET' && path.endsWith('/clone')) return { id: 23 };
    if (method === 'POST' && path === '/estimates/generateTemplate') return null;
    if (method === 'GET' && path === '/sites/7/snowHistory') return state.snowHistory ?? { pavedArea: null, saltRate: null, seasons: [] };
    if (method === 'GET' && path === '/company') return { id: 1, version: 1, name: 'Yardstick Landscaping', logo: null, ...COSTING };
    if (method === 'GET' && path === '/estimates/5/profitability') {
      const areas = state.areas.map((area) => ({ ...area, items: state.items.filter((i) => i.workAreaID === area.id) }));
      return estimateProfitability({ discount: 0, areas: areas as never }, COSTING);
    }
    throw new Error(`no ${method} ${path}`);
  });
  const sitePlan = vi.fn(async () => state.sitePlan ?? emptySitePlan(7));
  const dataProvider = fakeDataProvider({ getManyReference, getList, getOne, create, update, delete: deleteOne, request, sitePlan });
  const view = renderAdmin(<WorkAreasPanel estimate={{ id: 5, siteID: 7 }} />, { dataProvider });
  return { ...view, state, getManyReference, getList, getOne, create, update, deleteOne, request, sitePlan };
}

export const user = () => userEvent.setup();

export const areasTable = () => screen.getByRole('table', { name: 'Work Areas' });
export const itemsTable = () => screen.getByRole('table', { name: 'Work Area Items' });

/** The row of the areas table showing `name`. */
export async function areaRow(name: string) {
  await screen.findByRole('table', { name: 'Work Areas' });
  return within(areasTable()).findByRole('row', { name: new RegExp(`^${name}`) });
}

/** Clicks the area's row and waits for its items. */
export async function selectArea(name: string) {
  await user().click(await areaRow(name));
  return screen.findByRole('table', { name: 'Work Area Items' });
}
