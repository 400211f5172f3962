/**
 * Issue 41: a snow area's price sheet is printed in plain words — the proposal PDF, the client's
 * page (its data) and the signed PDF's acceptance — wherever the proposal shows prices.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SnowPricing } from '../../src/domain/snowPricing';
import { snowPricingWords } from '../../src/domain/snowWords';
import { createEstimate, saveCompany } from '../helpers/printFixtures';
import { getBinary, pdfText } from '../helpers/pdfText';
import { sendBody, signaturePng } from '../helpers/proposalFixtures';
import { createTestApi, type TestApi } from '../helpers/testApi';
import { databaseKinds } from '../helpers/testDatabase';

const SHEET: SnowPricing = {
  expectedEvents: 12,
  expectedInches: 40,
  lines: [
    {
      service: 'plow',
      basis: 'perPush',
      trigger: 1,
      bands: [
        { from: 0, to: 2, price: 0 },
        { from: 2, to: 6, price: 65 },
        { from: 6, to: null, price: 95 },
      ],
    },
    { service: 'walks', basis: 'seasonal', price: 1200, cap: { events: 15 }, overage: 80 },
    { service: 'salt', basis: 'perApplication', price: 85 },
  ],
};
const WORDS = snowPricingWords(SHEET);
/** pdf-parse breaks long lines where the PDF wraps them. */
const flat = (text: string) => text.replace(/\s+/g, ' ');

describe.each(databaseKinds())('a snow area printed in words on %s', (kind) => {
  let api: TestApi;
  let estimate: Awaited<ReturnType<typeof createEstimate>>;
  const proposalText = async (printType: string) => {
    const res = await getBinary(api, `/api/estimates/${estimate.id}/generateEstimateProposal?printType=${printType}`);
    expect(res.status, res.json?.message).toBe(200);
    return flat((await pdfText(res.bytes)).text);
  };

  beforeAll(async () => {
    api = await createTestApi(kind);
    await saveCompany(api);
    estimate = await createEstimate(api, {
      projectName: 'Winter 2026–27',
      areas: [
        { name: 'Parking Lot', tax: 'NJ' },
        { name: 'Front Beds', tax: 'NJ', items: [{ name: 'Mulch', quantity: 2, unitPrice: 65 }] },
      ],
    });
    const lot = (await api.get(`/api/workAreas/${estimate.areaIDs[0]}`)).body;
    const res = await api.put(`/api/workAreas/${estimate.areaIDs[0]}`, { ...lot, snowPricing: SHEET });
    expect(res.status, res.raw).toBe(200);
  });
  afterAll(() => api?.close());

  it('the proposal PDF prints the sheet under its area: the trigger, the bands, the cap, and the expected season', async () => {
    for (const printType of ['TOTAL_PRICE_ONLY', 'WORK_AREA_PRICE_ONLY']) {
      const text = await proposalText(printType);
      for (const line of WORDS.lines) expect(text, printType).toContain(line);
      expect(text, printType).toContain(WORDS.expected);
      expect(text).toContain('Nothing is billed for less than 1 in on the ground.');
      expect(text).toContain('2–6 in: $65.00 per push');
      expect(text).toContain('covering up to 15 events; after that, $80.00 per event.');
    }
  });

  it('a proposal without prices prints no sheet', async () => {
    const text = await proposalText('WORK_AREA_ONLY');
    expect(text).toContain('Parking Lot');
    expect(text).not.toContain(WORDS.lines[0]);
  });

  it("the client's page gets the sheet, and the signed PDF's acceptance prints it", async () => {
    const sent = await api.post(`/api/estimates/${estimate.id}/proposals`, sendBody(api));
    expect(sent.status, sent.raw).toBe(201);
    const token = sent.body.link.split('/p/')[1];
    const view = await api.request('GET', `/api/public/proposals/${token}`, undefined, null);
    expect(view.status, view.raw).toBe(200);
    expect(view.body.areas[0]).toMatchObject({ name: 'Parking Lot', snowPricing: SHEET });
    expect(view.body.areas[1].snowPricing).toBeNull();

    const accepted = await api.request(
      'POST',
      `/api/public/proposals/${token}/accept`,
      { acceptedWorkAreaIDs: estimate.areaIDs, signerName: 'Pat Client', signature: signaturePng() },
      null,
    );
    expect(accepted.status, accepted.raw).toBe(200);
    const signed = await pdfText((await getBinary(api, `/api/proposals/${sent.body.id}/signedPdf`)).bytes);
    const acceptance = flat(signed.pages[0]);
    expect(acceptance).toContain('SIGNED PROPOSAL');
    for (const line of WORDS.lines) expect(acceptance).toContain(line);
    expect(acceptance).toContain(WORDS.expected);
  });
});
