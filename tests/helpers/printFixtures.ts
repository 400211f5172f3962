/**
 * Estimates to print: made through the API (customer, site, estimate, work areas, items, terms),
 * then their stored figures set to what src/domain computes — the server keeps them so once the
 * estimates server recomputes on every write, and this makes the fixtures right either way.
 */
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { estimateSubtotal, itemTotals, workAreaSubtotal } from '../../src/domain/pricing';
import { estimates, workAreaItems, workAreas } from '../../src/schema';
import type { Db } from '../../server/db/connection';
import { tableOf } from '../../server/db/entityTables';
import type { TestApi } from './testApi';
import { FIXTURE_COMPANY } from './companyFixture';

export { FIXTURE_COMPANY };

export interface FixtureItem {
  name: string;
  quantity: number;
  units?: string | null;
  size?: number | null;
  unitCost?: number;
  unitPrice: number;
  hoursPerUnit?: number;
}

export interface FixtureArea {
  name: string;
  tax?: string;
  isIncluded?: boolean;
  notes?: string | null;
  items?: FixtureItem[];
}

export interface FixtureEstimate {
  projectName: string;
  discount?: number;
  customer?: Record<string, unknown>;
  site?: Record<string, unknown>;
  areas: FixtureArea[];
}

export interface CreatedEstimate {
  id: number;
  number: number;
  areaIDs: number[];
  customerID: number;
  siteID: number;
}

export const FIXTURE_CUSTOMER = {
  name: 'Maple Ridge Homeowners Association',
  address1: '400 Maple Ridge Dr',
  address2: 'Clubhouse Office',
  city: 'Princeton',
  county: 'Mercer',
  state: 'NJ',
  zip: '08540',
  type: 1,
};

export const FIXTURE_SITE = {
  name: 'Maple Ridge Clubhouse',
  address1: '410 Maple Ridge Dr',
  city: 'Princeton',
  county: 'Mercer',
  state: 'NJ',
  zip: '08540',
};

async function created(api: TestApi, url: string, body: unknown): Promise<number> {
  const res = await api.post(url, body);
  expect(res.status, `POST ${url}: ${res.raw}`).toBe(201);
  return res.body.id as number;
}

/** Sets items' totals, areas' subtotals and the estimate's subtotal to src/domain's figures. */
export async function storeDomainTotals(db: Db, estimateID: number): Promise<void> {
  const areaTable = tableOf(workAreas.name);
  const itemTable = tableOf(workAreaItems.name);
  const areas = await db.select().from(areaTable).where(eq(areaTable.estimateID, estimateID));
  const priced = [];
  for (const area of areas) {
    const items = await db.select().from(itemTable).where(eq(itemTable.workAreaID, area.id));
    const totals = [];
    for (const item of items) {
      const figures = itemTotals(item as { quantity: unknown; unitCost: unknown; unitPrice: unknown });
      await db.update(itemTable).set(figures).where(eq(itemTable.id, item.id));
      totals.push(figures);
    }
    const subtotal = workAreaSubtotal(totals);
    await db.update(areaTable).set({ subtotal }).where(eq(areaTable.id, area.id));
    priced.push({ subtotal, tax: area.tax, isIncluded: area.isIncluded });
  }
  const estimateTable = tableOf(estimates.name);
  await db
    .update(estimateTable)
    .set({ subtotal: estimateSubtotal(priced) })
    .where(eq(estimateTable.id, estimateID));
}

/** The signed-in test user's id (a salesperson and estimator). */
export async function testUserID(api: TestApi): Promise<number> {
  const users = (await api.get('/api/users')).body as { id: number; username: string }[];
  return users.find((u) => u.username === 'tester')!.id;
}

export async function createEstimate(api: TestApi, fixture: FixtureEstimate): Promise<CreatedEstimate> {
  const userID = await testUserID(api);
  const customerID = await created(api, '/api/customers', fixture.customer ?? FIXTURE_CUSTOMER);
  const siteID = await created(api, `/api/customers/${customerID}/sites`, fixture.site ?? FIXTURE_SITE);
  const id = await created(api, `/api/sites/${siteID}/estimates`, {
    projectName: fixture.projectName,
    salesperson: userID,
    estimator: userID,
  });
  const estimate = (await api.get(`/api/estimates/${id}`)).body;
  if (fixture.discount) {
    const res = await api.put(`/api/estimates/${id}`, { ...estimate, discount: fixture.discount });
    expect(res.status, res.raw).toBe(200);
  }
  const areaIDs: number[] = [];
  for (const area of fixture.areas) {
    const areaID = await created(api, `/api/estimates/${id}/workAreas`, {
      name: area.name,
      tax: area.tax ?? 'NJ',
      isIncluded: area.isIncluded ?? true,
    });
    areaIDs.push(areaID);
    if (area.notes) {
      const res = await api.put(`/api/workAreas/${areaID}/notes`, { notes: area.notes });
      expect(res.status, res.raw).toBe(200);
    }
    for (const item of area.items ?? []) {
      await created(api, `/api/workAreas/${areaID}/workAreaItems`, { unitCost: 0, ...item });
    }
  }
  await storeDomainTotals(api.database.db, id);
  return { id, number: estimate.number as number, areaIDs, customerID, siteID };
}

export async function createTerm(api: TestApi, term: { name: string; content?: string; isAuto?: number }): Promise<number> {
  const id = await created(api, '/api/termsConditions', { name: term.name });
  const stored = (await api.get(`/api/termsConditions/${id}`)).body;
  const res = await api.put(`/api/termsConditions/${id}`, { ...stored, content: term.content ?? null, isAuto: term.isAuto ?? 0 });
  expect(res.status, res.raw).toBe(200);
  return id;
}

/** Saves the company profile (first version). */
export async function saveCompany(api: TestApi, profile: Record<string, unknown> = FIXTURE_COMPANY): Promise<void> {
  const current = (await api.get('/api/company')).body;
  const res = await api.put('/api/company', { ...profile, version: current.version });
  expect(res.status, res.raw).toBe(200);
}
