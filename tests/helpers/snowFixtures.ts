/** Snow contracts made the way an office makes them (issue 41): an estimate priced as snow, sent and signed online. */
import { expect } from 'vitest';
import type { SnowPricing } from '../../src/domain/snowPricing';
import { signOnline } from './agreementFixtures';
import { createEstimate, FIXTURE_CUSTOMER, FIXTURE_SITE, type CreatedEstimate } from './printFixtures';
import type { TestApi } from './testApi';

/** A parking lot plowed per push by depth (nothing under 2 in), salted per application, walks per push. */
export const PARKING_LOT_SHEET: SnowPricing = {
  expectedEvents: 10,
  expectedInches: 40,
  lines: [
    {
      service: 'plow',
      basis: 'perPush',
      trigger: 2,
      bands: [
        { from: 0, to: 2, price: 0 },
        { from: 2, to: 6, price: 100 },
        { from: 6, to: 12, price: 150 },
        { from: 12, to: null, price: 225 },
      ],
    },
    { service: 'salt', basis: 'perApplication', per: 'application', price: 85 },
    { service: 'walks', basis: 'perPush', trigger: 1, bands: [{ from: 0, to: null, price: 40 }] },
  ],
};

/** A seasonal contract capped at 10 inches ($50 an inch beyond), salt by the ton. */
export const SEASONAL_SHEET: SnowPricing = {
  expectedEvents: 8,
  expectedInches: 30,
  lines: [
    { service: 'plow', basis: 'seasonal', price: 3000, cap: { inches: 10 }, overage: 50 },
    { service: 'salt', basis: 'perApplication', per: 'ton', price: 120, expectedPerEvent: 1 },
  ],
};

/** Prices a work area with a snow sheet (PUT /api/workAreas/:id with its version). */
export async function priceAsSnow(api: TestApi, areaID: number, sheet: unknown) {
  const area = (await api.get(`/api/workAreas/${areaID}`)).body;
  return api.put(`/api/workAreas/${areaID}`, { ...area, snowPricing: sheet });
}

/** A customer and site with a one-area snow estimate priced by `sheet`, signed online: the agreement and the estimate. */
export async function signedSnowContract(
  api: TestApi,
  sheet: SnowPricing,
  siteName: string,
): Promise<{ agreementID: number; estimate: CreatedEstimate; siteID: number }> {
  const estimate = await createEstimate(api, {
    projectName: `Snow ${siteName}`,
    customer: { ...FIXTURE_CUSTOMER, name: `${siteName} Owners` },
    site: { ...FIXTURE_SITE, name: siteName },
    areas: [
      { name: 'Parking Lot', tax: 'NJ', items: [{ name: 'Snow plowing', quantity: 12, units: 'pushes', unitCost: 40, unitPrice: 100 }] },
    ],
  });
  const priced = await priceAsSnow(api, estimate.areaIDs[0], sheet);
  expect(priced.status, priced.raw).toBe(200);
  const agreementID = await signOnline(api, estimate, estimate.areaIDs);
  return { agreementID, estimate, siteID: estimate.siteID };
}

/** Logs a storm (POST /api/storms) and answers its id. */
export async function logStorm(api: TestApi, start: string, depth: number, extra: Record<string, unknown> = {}): Promise<number> {
  const res = await api.post('/api/storms', { start, depth, source: 'NWS Trenton', ...extra });
  expect(res.status, res.raw).toBe(201);
  return res.body.id as number;
}

/** Logs a site visit of a storm and answers the entry. */
export async function logVisit(api: TestApi, stormID: number, visit: Record<string, unknown>) {
  const res = await api.post(`/api/storms/${stormID}/visits`, visit);
  expect(res.status, res.raw).toBe(201);
  return res.body as { id: number; hash: string; prevHash: string; sequence: number };
}
