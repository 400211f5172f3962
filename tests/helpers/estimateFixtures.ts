import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { createUser } from '../../server/auth/users';
import type { Db } from '../../server/db/connection';
import type { TestApi } from './testApi';
import { expectedSeasonTotal } from '../../src/domain/snowCharges';
import { type SnowPricing } from '../../src/domain/snowPricing';

/** A customer with one site (NJ), for estimates to be made under. */
export async function makeCustomerWithSite(api: TestApi, name = 'Acme Lawns'): Promise<{ customerID: number; siteID: number }> {
  const address = { address1: '1 Oak Ave', city: 'Trenton', county: 'Mercer', state: 'NJ', zip: '08608' };
  const customer = await api.post('/api/customers', { name, type: 1, ...address });
  expect(customer.status).toBe(201);
  const site = await api.post(`/api/customers/${customer.body.id}/sites`, { name: `${name} HQ`, ...address });
  expect(site.status).toBe(201);
  return { customerID: customer.body.id, siteID: site.body.id };
}

/** The signed-in test user's id. */
export async function signedInUserId(api: TestApi): Promise<number> {
  const users = (await api.get('/api/users')).body as { id: number; username: string }[];
  return users.find((u) => u.username === 'tester')!.id;
}

/** Another user, to be a salesperson or estimator. */
export async function makeUser(api: TestApi, username: string): Promise<number> {
  return (await createUser(api.database.db, { username, firstName: 'Sam', lastName: username, password: 'long enough password 1' })).id;
}

export async function makeEstimate(api: TestApi, siteID: number, projectName = 'Spring Cleanup', user?: number): Promise<number> {
  const person = user ?? (await signedInUserId(api));
  const res = await api.post(`/api/sites/${siteID}/estimates`, { siteID, projectName, salesperson: person, estimator: person });
  expect(res.status, res.raw).toBe(201);
  return res.body.id;
}

export async function makeArea(api: TestApi, estimateID: number, body: Record<string, unknown> = {}): Promise<number> {
  const res = await api.post(`/api/estimates/${estimateID}/workAreas`, { name: 'Front Lawn', ...body });
  expect(res.status, res.raw).toBe(201);
  return res.body.id;
}

export async function makeItem(api: TestApi, workAreaID: number, body: Record<string, unknown> = {}): Promise<number> {
  const res = await api.post(`/api/workAreas/${workAreaID}/workAreaItems`, {
    workAreaID,
    name: 'Hardwood mulch',
    quantity: 3,
    units: 'yd³',
    unitCost: 28,
    unitPrice: 65,
    ...body,
  });
  expect(res.status, res.raw).toBe(201);
  return res.body.id;
}

const rowsOf = async (db: Db, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;

/**
 * Every stored figure against what it stands for, in SQL: item totals = round(quantity ×
 * unit figure, 2) (numeric arithmetic rounds half away from zero, like src/domain), area
 * subtotal = Σ its items' prices, estimate subtotal = Σ its included areas' subtotals.
 * Answers the rows that disagree (none when consistent) and how many rows were checked.
 */
export async function inconsistentFigures(db: Db): Promise<{ wrong: Record<string, unknown>[]; checked: number }> {
  const wrongItems = await rowsOf(
    db,
    sql`SELECT 'item' AS kind, work_area_item_id AS id FROM work_area_items
        WHERE work_area_item_total_cost <> round(work_area_item_quantity * work_area_item_unit_cost, 2)
           OR work_area_item_total_price <> round(work_area_item_quantity * work_area_item_unit_price, 2)`,
  );
  const wrongAreas = await rowsOf(
    db,
    sql`SELECT 'area' AS kind, a.work_area_id AS id FROM work_areas a
        WHERE a.work_area_snow_pricing IS NULL
          AND a.work_area_subtotal <> (SELECT coalesce(sum(i.work_area_item_total_price), 0) FROM work_area_items i WHERE i.work_area_id = a.work_area_id)`,
  );
  // An area priced as snow (issue 41) stands at its expected season, whatever its items add up to.
  const snowAreas = await rowsOf(
    db,
    sql`SELECT a.work_area_id AS id, a.work_area_subtotal AS subtotal, a.work_area_snow_pricing AS sheet FROM work_areas a WHERE a.work_area_snow_pricing IS NOT NULL`,
  );
  const wrongSnowAreas = snowAreas
    .filter((area) => {
      const sheet = (typeof area.sheet === 'string' ? JSON.parse(area.sheet) : area.sheet) as SnowPricing;
      return Number(area.subtotal) !== expectedSeasonTotal(sheet);
    })
    .map((area) => ({ kind: 'snowArea', id: area.id }));
  const wrongEstimates = await rowsOf(
    db,
    sql`SELECT 'estimate' AS kind, e.estimate_id AS id FROM estimates e
        WHERE e.estimate_subtotal <> (SELECT coalesce(sum(a.work_area_subtotal), 0) FROM work_areas a
                                      WHERE a.estimate_id = e.estimate_id AND a.work_area_is_included)`,
  );
  const [{ n }] = await rowsOf(
    db,
    sql`SELECT (SELECT count(*) FROM work_area_items) + (SELECT count(*) FROM work_areas) + (SELECT count(*) FROM estimates) AS n`,
  );
  return { wrong: [...wrongItems, ...wrongAreas, ...wrongSnowAreas, ...wrongEstimates], checked: Number(n) };
}
