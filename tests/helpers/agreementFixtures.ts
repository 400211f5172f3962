/** Agreements made the way an office makes them (issue 40): an estimate sent and signed online. */
import { expect } from 'vitest';
import { createEstimate, saveCompany, type CreatedEstimate, type FixtureArea } from './printFixtures';
import { sendBody, signaturePng } from './proposalFixtures';
import type { TestApi } from './testApi';

/** A landscape maintenance estimate: mowing by the visit, a spring cleanup, a maintenance contract and a bed the client may decline. */
export const SEASON_AREAS: FixtureArea[] = [
  {
    name: 'Mowing',
    tax: 'NJ',
    items: [{ name: 'Lawn mowing', quantity: 30, units: 'visits', unitCost: 20, unitPrice: 45, hoursPerUnit: 1.5 }],
  },
  {
    name: 'Spring Cleanup',
    tax: 'PA',
    items: [{ name: 'Spring cleanup', quantity: 1, units: 'each', unitCost: 150, unitPrice: 600, hoursPerUnit: 8 }],
  },
  {
    name: 'Shrub Maintenance',
    tax: 'NJ',
    items: [{ name: 'Shrub care', quantity: 1, units: 'season', unitCost: 400, unitPrice: 2000.1, hoursPerUnit: 16 }],
  },
  { name: 'Annual Flowers', tax: 'NJ', items: [{ name: 'Annuals', quantity: 10, units: 'flats', unitCost: 20, unitPrice: 40 }] },
];

/** Sends the estimate's proposal and signs it online for the given areas; answers the agreement's id. */
export async function signOnline(api: TestApi, estimate: CreatedEstimate, acceptedWorkAreaIDs: number[]): Promise<number> {
  const sent = await api.post(`/api/estimates/${estimate.id}/proposals`, sendBody(api));
  expect(sent.status, sent.raw).toBe(201);
  const token = sent.body.link.split('/p/')[1];
  const accepted = await api.request(
    'POST',
    `/api/public/proposals/${token}/accept`,
    { acceptedWorkAreaIDs, signerName: 'Pat Client', signature: signaturePng() },
    null,
  );
  expect(accepted.status, accepted.raw).toBe(200);
  const list = await api.get(`/api/estimates/${estimate.id}/agreements`);
  expect(list.status, list.raw).toBe(200);
  expect(list.body.agreements).toHaveLength(1);
  return list.body.agreements[0].id as number;
}

/** A company with its costing set (a labour rate for time and materials, overhead, a target margin). */
export async function saveCostedCompany(api: TestApi): Promise<void> {
  await saveCompany(api);
  const current = (await api.get('/api/company')).body;
  const res = await api.put('/api/company', { ...current, laborRate: 42.5, overheadPerHour: 7.5, targetMarginPercent: 35 });
  expect(res.status, res.raw).toBe(200);
}

/** A customer, site and signed estimate of the season areas: the agreement's id and the estimate. */
export async function signedAgreement(
  api: TestApi,
  options: { customer?: Record<string, unknown>; accept?: (areaIDs: number[]) => number[]; discount?: number } = {},
): Promise<{ agreementID: number; estimate: CreatedEstimate }> {
  const estimate = await createEstimate(api, {
    projectName: '2027 Grounds Maintenance',
    areas: SEASON_AREAS,
    discount: options.discount,
    ...(options.customer ? { customer: options.customer } : {}),
  });
  const accepted = options.accept ? options.accept(estimate.areaIDs) : estimate.areaIDs.slice(0, 3);
  return { agreementID: await signOnline(api, estimate, accepted), estimate };
}

/** Moves the server's clock and signs in again (a token from another day has expired). */
export async function moveClock(api: TestApi, at: number): Promise<void> {
  api.clock.now = at;
  api.token = await api.login();
}
