import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { estimatePricing, itemTotals } from '../../src/domain/pricing';
import { createTestApi, type TestApi } from '../helpers/testApi';
import { databaseKinds } from '../helpers/testDatabase';
import { watchStatements } from '../helpers/statementLog';
import { inconsistentFigures, makeArea, makeCustomerWithSite, makeEstimate, makeItem } from '../helpers/estimateFixtures';

type Row = Record<string, any>;

describe.each(databaseKinds())('work area items and pricing on %s', (kind) => {
  let api: TestApi;
  let estimateID: number;
  let lawn: number;
  let beds: number;

  const get = async (path: string) => (await api.get(path)).body as Row;
  const itemsOf = async (area: number) => (await get(`/api/workAreas/${area}/workAreaItems`)).workAreaItems as Row[];
  const subtotals = async () => ({
    lawn: (await get(`/api/workAreas/${lawn}`)).subtotal,
    beds: (await get(`/api/workAreas/${beds}`)).subtotal,
    estimate: (await get(`/api/estimates/${estimateID}`)).subtotal,
  });

  beforeAll(async () => {
    api = await createTestApi(kind);
    const { siteID } = await makeCustomerWithSite(api);
    estimateID = await makeEstimate(api, siteID);
    lawn = await makeArea(api, estimateID, { name: 'Lawn', tax: 'NJ' });
    beds = await makeArea(api, estimateID, { name: 'Beds', tax: 'PA' });
  });
  afterAll(() => api?.close());

  it("stores the totals it computes, never the client's, and the subtotals above them", async () => {
    const res = await api.post(`/api/workAreas/${lawn}/workAreaItems`, {
      workAreaID: beds, // the URL's area wins
      name: 'Lawn mowing',
      size: 1,
      quantity: 30,
      units: 'visit',
      unitCost: 25,
      unitPrice: 99,
      totalCost: 1,
      totalPrice: 1_000_000,
    });
    expect(res.status).toBe(201);
    const [item] = await itemsOf(lawn);
    expect(item).toMatchObject({ id: res.body.id, workAreaID: lawn, totalCost: 750, totalPrice: 2970, version: 1 });
    await makeItem(api, beds, { name: 'Mulch', quantity: 1.005, unitCost: 28.01, unitPrice: 65.55, totalPrice: 0 });
    const [mulch] = await itemsOf(beds);
    expect(mulch).toMatchObject({ quantity: 1.005, ...itemTotals({ quantity: 1.005, unitCost: 28.01, unitPrice: 65.55 }) });
    expect(mulch.totalPrice).toBe(65.88);
    expect(await subtotals()).toEqual({ lawn: 2970, beds: 65.88, estimate: 3035.88 });
    expect(await inconsistentFigures(api.database.db)).toMatchObject({ wrong: [] });
  });

  it('computes from the figures as stored (quantity to 3 decimals, unit prices to cents)', async () => {
    const id = await makeItem(api, beds, { name: 'Seed', quantity: 2.0004, unitCost: 3.104, unitPrice: 7.505 });
    const seed = (await itemsOf(beds)).find((i) => i.id === id)!;
    expect(seed).toMatchObject({ quantity: 2, unitCost: 3.1, unitPrice: 7.51, totalCost: 6.2, totalPrice: 15.02 });
    expect((await api.del(`/api/workAreaItems/${id}`)).status).toBe(204);
  });

  it('recomputes on PUT; version required (400) and current (409, nothing written); the item never moves', async () => {
    const [item] = await itemsOf(lawn);
    const saved = await api.put(`/api/workAreaItems/${item.id}`, {
      ...item,
      workAreaID: beds,
      quantity: 28,
      unitPrice: 100,
      totalPrice: 5,
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ workAreaID: lawn, quantity: 28, unitPrice: 100, totalCost: 700, totalPrice: 2800, version: 2 });
    expect(await subtotals()).toEqual({ lawn: 2800, beds: 65.88, estimate: 2865.88 });

    const stale = await api.put(`/api/workAreaItems/${item.id}`, { ...item, quantity: 1 });
    expect(stale.status).toBe(409);
    const missing = await api.put(`/api/workAreaItems/${item.id}`, { ...item, version: undefined, quantity: 1 });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual({ version: 'Version is required.' });
    expect((await itemsOf(lawn))[0]).toMatchObject({ quantity: 28, totalPrice: 2800, version: 2 });
    expect(await subtotals()).toEqual({ lawn: 2800, beds: 65.88, estimate: 2865.88 });
    expect((await api.put('/api/workAreaItems/999999', { ...item, version: 1 })).status).toBe(404);
  });

  it('validates items with messages naming the field', async () => {
    const bad = await api.post(`/api/workAreas/${lawn}/workAreaItems`, {
      name: '',
      quantity: -1,
      unitCost: 'cheap',
      unitPrice: -0.01,
      size: -2,
      units: 'u'.repeat(51),
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({
      name: 'Name is required.',
      quantity: 'Quantity cannot be negative.',
      unitCost: 'Unit Cost is invalid.',
      unitPrice: 'Unit Price cannot be negative.',
      size: 'Size cannot be negative.',
      units: 'Units cannot exceed 50 characters.',
    });
    const noQuantity = await api.post(`/api/workAreas/${lawn}/workAreaItems`, { name: 'x', unitPrice: 1 });
    expect(noQuantity.body.errors).toEqual({ quantity: 'Quantity is required.' });
    const unknownItem = await api.post(`/api/workAreas/${lawn}/workAreaItems`, { name: 'x', quantity: 1, itemID: 424242 });
    expect(unknownItem.body.errors).toEqual({ itemID: 'Catalog Item does not exist.' });
    // Figures that fit their columns but whose product would not: refused, not a 500.
    const huge = await api.post(`/api/workAreas/${lawn}/workAreaItems`, {
      name: 'x',
      quantity: 999_999_999,
      unitCost: 9_999_999,
      unitPrice: 9_999_999,
    });
    expect(huge.status).toBe(400);
    expect(huge.body.errors).toEqual({
      quantity: 'Quantity × Unit Cost cannot exceed $9,999,999,999.99.',
      unitCost: 'Quantity × Unit Cost cannot exceed $9,999,999,999.99.',
      unitPrice: 'Quantity × Unit Price cannot exceed $9,999,999,999.99.',
    });
    const sumTooLarge = await api.post(`/api/workAreas/${lawn}/workAreaItems`, { name: 'x', quantity: 1, unitPrice: 9_999_999_999 });
    expect(sumTooLarge.status).toBe(400);
    const tooLarge = 'The work area subtotal cannot exceed $9,999,999,999.99.';
    expect(sumTooLarge.body.errors).toEqual({ quantity: tooLarge, unitPrice: tooLarge });
    expect((await api.post('/api/workAreas/999999/workAreaItems', { name: 'x', quantity: 1 })).status).toBe(404);
    expect(await subtotals()).toEqual({ lawn: 2800, beds: 65.88, estimate: 2865.88 });
    expect(await itemsOf(lawn)).toHaveLength(1);
  });

  it('follows area inclusion and tax changes in the estimate subtotal and the pricing', async () => {
    const area = await get(`/api/workAreas/${beds}`);
    const excluded = await api.put(`/api/workAreas/${beds}`, { ...area, isIncluded: false });
    expect(excluded.body).toMatchObject({ isIncluded: false, subtotal: 65.88 });
    expect(await subtotals()).toEqual({ lawn: 2800, beds: 65.88, estimate: 2800 });
    const pricing = await get(`/api/estimates/${estimateID}/pricing`);
    expect(pricing).toEqual({ pricing: { discount: 0, subtotal: 2800, taxes: 185.5, total: 2985.5 } });

    await api.put(`/api/workAreas/${beds}`, { ...excluded.body, isIncluded: true, tax: 'Phila' });
    expect(await subtotals()).toEqual({ lawn: 2800, beds: 65.88, estimate: 2865.88 });
    const estimate = await get(`/api/estimates/${estimateID}`);
    await api.put(`/api/estimates/${estimateID}`, { ...estimate, discount: 10 });
    const areas = [
      { subtotal: 2800, tax: 'NJ', isIncluded: true },
      { subtotal: 65.88, tax: 'Phila', isIncluded: true },
    ];
    const priced = (await get(`/api/estimates/${estimateID}/pricing`)).pricing;
    expect(priced).toEqual(estimatePricing(areas, 10));
    expect(priced).toEqual({ discount: 10, subtotal: 2865.88, taxes: 171.69, total: 2750.98 });
    expect((await api.get('/api/estimates/999999/pricing')).status).toBe(404);
  });

  it('recomputes after a delete, down to an empty area and a zero estimate', async () => {
    const [mulch] = await itemsOf(beds);
    expect((await api.del(`/api/workAreaItems/${mulch.id}`)).status).toBe(204);
    expect(await subtotals()).toEqual({ lawn: 2800, beds: 0, estimate: 2800 });
    const [mowing] = await itemsOf(lawn);
    expect((await api.del(`/api/workAreaItems/${mowing.id}`)).status).toBe(204);
    expect(await subtotals()).toEqual({ lawn: 0, beds: 0, estimate: 0 });
    expect((await api.del(`/api/workAreaItems/${mowing.id}`)).status).toBe(404);
    expect((await get(`/api/estimates/${estimateID}/pricing`)).pricing).toEqual({ discount: 10, subtotal: 0, taxes: 0, total: 0 });
    expect(await inconsistentFigures(api.database.db)).toMatchObject({ wrong: [] });
  });

  it('adds a line item reading its area and its estimate once each (statements pinned)', async () => {
    const statements = watchStatements(api.database);
    const res = await api.post(`/api/workAreas/${beds}/workAreaItems`, { name: 'Edging', quantity: 2, unitCost: 1, unitPrice: 3 });
    expect(res.status).toBe(201);
    const sent = statements.take();
    // The user's token check, BEGIN, the area (parent, reference and the way to its estimate),
    // the estimate's lock, the insert, the area's items and subtotal, the estimate's areas and
    // subtotal, COMMIT: 10 (13 when the area was read four times). The estimate is locked
    // before the insert and the sums.
    expect(sent.length).toBeLessThanOrEqual(10);
    expect(sent.filter((q) => /^select .* from "work_areas" where "work_areas"."work_area_id" = /i.test(q))).toHaveLength(1);
    expect(sent.filter((q) => /^select .* from "estimates"/i.test(q))).toHaveLength(1);
    expect(sent.findIndex((q) => /for update/i.test(q))).toBeLessThan(sent.findIndex((q) => /^insert/i.test(q)));
    expect(await subtotals()).toEqual({ lawn: 0, beds: 6, estimate: 6 });
    expect((await api.del(`/api/workAreaItems/${res.body.id}`)).status).toBe(204);
  });
});
