import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROPOSAL_TYPES } from '../../src/domain/printing';
import { loadProposalData } from '../../server/estimates/loadDocumentData';
import { createEstimate, saveCompany, FIXTURE_COMPANY, type CreatedEstimate } from '../helpers/printFixtures';
import { getBinary, pdfText } from '../helpers/pdfText';
import { createTestApi, type TestApi } from '../helpers/testApi';
import { databaseKinds } from '../helpers/testDatabase';

/** A crew hour costs $40 + $10 of overhead; the target is 35 %. */
const COSTING = { laborRate: 40, overheadPerHour: 10, targetMarginPercent: 35 };

describe.each(databaseKinds())('cost, crew hours and margin on %s', (kind) => {
  let api: TestApi;
  let estimate: CreatedEstimate;
  const item: Record<string, number> = {};
  const [beds, lawn, excluded] = [0, 1, 2];
  const line = (areaIndex: number, body: Record<string, unknown>) =>
    api.post(`/api/workAreas/${estimate.areaIDs[areaIndex]}/workAreaItems`, body);
  const stored = async (id: number) => (await api.get(`/api/workAreaItems/${id}`)).body;

  beforeAll(async () => {
    api = await createTestApi(kind);
    // Before the first save the profile reads as blank, with the default target margin.
    const blank = await api.get('/api/company');
    expect(blank.body).toMatchObject({ version: 0, laborRate: 0, overheadPerHour: null, targetMarginPercent: 35 });
    await saveCompany(api, { ...FIXTURE_COMPANY, ...COSTING });
    for (const [name, body] of Object.entries({
      mulch: { name: 'Hardwood mulch', units: 'yd³', cost: 28, price: 65, kind: 'MATERIAL', hoursPerUnit: 0.5 },
      mowing: { name: 'Lawn mowing', units: 'visit', cost: 25, price: 99, kind: 'LABOR', hoursPerUnit: 1 },
      pump: { name: 'Pump rental', units: 'day', cost: 20, price: 100, kind: 'EQUIPMENT', hoursPerUnit: 1 },
    })) {
      const res = await api.post('/api/itemCatalog', body);
      expect(res.status, res.raw).toBe(201);
      item[name] = res.body.id;
    }
    estimate = await createEstimate(api, {
      projectName: 'Costed Job',
      discount: 10,
      areas: [{ name: 'Beds' }, { name: 'Lawn' }, { name: 'Left Out', isIncluded: false }],
    });
  });
  afterAll(() => api?.close());

  it('catalogue items: kind and hours per unit validated (400 naming the field), listed, filtered and sorted', async () => {
    const bad = await api.post('/api/itemCatalog', { name: 'x', cost: 1, price: 2, kind: 'WOOD', hoursPerUnit: -0.5 });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ kind: 'Kind is invalid.', hoursPerUnit: 'Hours per Unit cannot be negative.' });
    const text = await api.post('/api/itemCatalog', { name: 'x', cost: 1, price: 2, hoursPerUnit: 'slow' });
    expect(text.body.errors).toEqual({ hoursPerUnit: 'Hours per Unit is invalid.' });
    for (const hostile of [
      { kind: ['LABOR'] },
      { kind: { a: 1 } },
      { kind: 'LABOR\u0000' },
      { hoursPerUnit: 1e300 },
      { hoursPerUnit: 'NaN' },
    ]) {
      const res = await api.post('/api/itemCatalog', { name: 'x', cost: 1, price: 2, ...hostile });
      expect(res.status, JSON.stringify(hostile)).toBe(400);
      expect(Object.keys(res.body.errors)).toEqual(Object.keys(hostile));
    }
    const plain = await api.post('/api/itemCatalog', { name: 'Plain', cost: 1, price: 2 });
    expect((await api.get(`/api/itemCatalog/${plain.body.id}`)).body).toMatchObject({ kind: 'MATERIAL', hoursPerUnit: null });
    const labour = await api.get(`/api/itemCatalog?filter:item_kind=${encodeURIComponent('["LABOR"]')}`);
    expect(labour.body.items.map((i: { name: string }) => i.name)).toEqual(['Lawn mowing']);
    const byRate = await api.get('/api/itemCatalog?sortBy=item_hours_per_unit&sortDirection=ASC');
    expect(byRate.body.items.map((i: { hoursPerUnit: number | null }) => i.hoursPerUnit)).toEqual([0.5, 1, 1, null]);
    expect((await api.del(`/api/itemCatalog/${plain.body.id}`)).status).toBe(204);
  });

  it('a line picked from the catalogue gets its kind and hours per unit; laborHours is the server’s', async () => {
    const picked = await line(lawn, {
      itemID: item.mowing,
      name: 'Mowing (weekly)',
      quantity: 30,
      unitCost: 25,
      unitPrice: 99,
      laborHours: 999,
    });
    expect(picked.status, picked.raw).toBe(201);
    expect(await stored(picked.body.id)).toMatchObject({ itemID: item.mowing, kind: 'LABOR', hoursPerUnit: 1, laborHours: 30 });
    // What the line gives is kept.
    const own = await line(beds, {
      itemID: item.mulch,
      name: 'Mulch',
      quantity: 12,
      unitCost: 28,
      unitPrice: 65,
      kind: 'OTHER',
      hoursPerUnit: 0.25,
    });
    expect(await stored(own.body.id)).toMatchObject({ kind: 'OTHER', hoursPerUnit: 0.25, laborHours: 3 });
    // Without a catalogue item: a material without crew time.
    const loose = await line(beds, { name: 'Edging stones', quantity: 3, unitPrice: 10 });
    expect(await stored(loose.body.id)).toMatchObject({ itemID: null, kind: 'MATERIAL', hoursPerUnit: null, laborHours: 0 });
    for (const id of [picked.body.id, own.body.id, loose.body.id]) expect((await api.del(`/api/workAreaItems/${id}`)).status).toBe(204);
  });

  it('laborHours follows quantity and hours per unit, never the client; another catalogue item copies its figures', async () => {
    const created = await line(beds, { itemID: item.mulch, name: 'Mulch', quantity: 12, unitCost: 28, unitPrice: 65 });
    let row = await stored(created.body.id);
    expect(row).toMatchObject({ kind: 'MATERIAL', hoursPerUnit: 0.5, laborHours: 6 });
    row = (await api.put(`/api/workAreaItems/${row.id}`, { ...row, quantity: 7, laborHours: 1 })).body;
    expect(row).toMatchObject({ quantity: 7, laborHours: 3.5 });
    row = (await api.put(`/api/workAreaItems/${row.id}`, { ...row, hoursPerUnit: 0.333 })).body;
    expect(row).toMatchObject({ hoursPerUnit: 0.333, laborHours: 2.33 }); // 2.331
    const { kind: _k, hoursPerUnit: _h, ...withoutFigures } = row;
    row = (await api.put(`/api/workAreaItems/${row.id}`, { ...withoutFigures, itemID: item.pump })).body;
    expect(row).toMatchObject({ itemID: item.pump, kind: 'EQUIPMENT', hoursPerUnit: 1, laborHours: 7 });
    const bad = await api.put(`/api/workAreaItems/${row.id}`, { ...row, kind: 'TIME', hoursPerUnit: -1 });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ kind: 'Kind is invalid.', hoursPerUnit: 'Hours per Unit cannot be negative.' });
    const overflow = await api.put(`/api/workAreaItems/${row.id}`, { ...row, quantity: 999_999_999, hoursPerUnit: 99_999 });
    expect(overflow.status).toBe(400);
    expect(overflow.body.errors.hoursPerUnit).toMatch(/^Quantity × Hours per Unit cannot exceed/);
    for (const itemID of ['abc', 99_999_999_999, -1, { id: 1 }]) {
      const res = await line(beds, { itemID, name: 'x', quantity: 1 });
      expect(res.status, String(itemID)).toBe(400);
      expect(Object.keys(res.body.errors)).toEqual(['itemID']);
    }
    expect((await api.del(`/api/workAreaItems/${row.id}`)).status).toBe(204);
  });

  it('company costing: validated like the other fields, 400 naming the field', async () => {
    const current = (await api.get('/api/company')).body;
    expect(current).toMatchObject(COSTING);
    for (const [body, errors] of [
      [{ laborRate: -1 }, { laborRate: 'Labor Rate cannot be negative.' }],
      [{ laborRate: 'forty' }, { laborRate: 'Labor Rate is invalid.' }],
      [{ overheadPerHour: -0.01 }, { overheadPerHour: 'Overhead per Hour cannot be negative.' }],
      [{ targetMarginPercent: 100 }, { targetMarginPercent: 'Target Margin must be less than 100.' }],
      [{ targetMarginPercent: -5 }, { targetMarginPercent: 'Target Margin cannot be negative.' }],
      [{ targetMarginPercent: [35] }, { targetMarginPercent: 'Target Margin is invalid.' }],
      [{ laborRate: 1e20 }, { laborRate: 'Labor Rate is invalid.' }],
    ] as const) {
      const res = await api.put('/api/company', { ...current, logo: undefined, ...body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors).toEqual(errors);
    }
    expect((await api.get('/api/company')).body).toMatchObject({ ...COSTING, version: current.version });
  });

  describe('a known estimate', () => {
    beforeAll(async () => {
      // Beds: 12 yd³ of mulch (0.5 h each); Lawn: 30 mowing visits (1 h each); Left Out: 10 pump days.
      expect(
        (await line(beds, { itemID: item.mulch, name: 'Mulch', units: 'yd³', quantity: 12, unitCost: 28, unitPrice: 65 })).status,
      ).toBe(201);
      expect((await line(lawn, { itemID: item.mowing, name: 'Mowing', quantity: 30, unitCost: 25, unitPrice: 99 })).status).toBe(201);
      expect((await line(excluded, { itemID: item.pump, name: 'Pump', quantity: 10, unitCost: 20, unitPrice: 100 })).status).toBe(201);
    });

    it('GET /api/estimates/:id/profitability equals the hand calculation', async () => {
      const res = await api.get(`/api/estimates/${estimate.id}/profitability`);
      expect(res.status, res.raw).toBe(200);
      const [a, b, c] = estimate.areaIDs;
      expect(res.body).toEqual({
        revenue: 3375, // (780 + 2970) × 0.9
        materialCost: 1086, // 336 + 750
        laborHours: 36, // 6 + 30
        laborCost: 1800, // 36 × (40 + 10)
        cost: 2886,
        grossProfit: 489,
        marginPercent: 14.5,
        targetMarginPercent: 35,
        breakEvenSubtotal: 3206.67,
        targetSubtotal: 4933.33,
        areas: [
          { id: a, revenue: 702, materialCost: 336, cost: 636, laborHours: 6, grossProfit: 66, marginPercent: 9.4 },
          { id: b, revenue: 2673, materialCost: 750, cost: 2250, laborHours: 30, grossProfit: 423, marginPercent: 15.8 },
          { id: c, revenue: 900, materialCost: 200, cost: 700, laborHours: 10, grossProfit: 200, marginPercent: 22.2 },
        ],
      });
    });

    it('a bad id is a 400, an unknown estimate a 404', async () => {
      for (const id of ['abc', '0', '-1', '99999999999999']) {
        expect((await api.get(`/api/estimates/${id}/profitability`)).status, id).toBe(400);
      }
      const missing = await api.get('/api/estimates/987654/profitability');
      expect(missing.status).toBe(404);
      expect(missing.body.message).toBeTruthy();
    });

    it('the materials list: by catalogue item whatever the lines are called, no labour, crew hours per area and in total', async () => {
      const renamed = await line(lawn, {
        itemID: item.mulch,
        name: 'Mulch for the lawn edge',
        units: 'yd³',
        quantity: 2.5,
        unitCost: 28,
        unitPrice: 65,
      });
      try {
        const res = await getBinary(api, `/api/estimates/${estimate.id}/generateMaterialsPDF`);
        expect(res.status).toBe(200);
        const { text } = await pdfText(res.bytes);
        const byArea = text.slice(text.indexOf('Materials by Work Area'), text.indexOf('Totals by Item'));
        expect(byArea).toContain('Mulch 12 yd³');
        expect(byArea).toContain('Mulch for the lawn edge 2.5 yd³');
        const totals = text.slice(text.indexOf('Totals by Item'), text.indexOf('Crew Hours'));
        expect(totals).toContain('Hardwood mulch 14.5 yd³');
        expect(text).not.toMatch(/Mowing/i); // labour is not a material
        expect(text).not.toContain('Pump'); // excluded area
        const crew = text.slice(text.indexOf('Crew Hours'));
        expect(crew).toMatch(/WORK AREA HOURS\nBeds 6\nLawn 31\.25\nTotal 37\.25/); // 6; 30 + 2.5 × 0.5
        expect(text).not.toContain('$');
      } finally {
        await api.del(`/api/workAreaItems/${renamed.body.id}`);
      }
    });

    it.each(PROPOSAL_TYPES)('a %s proposal shows no cost, hours or margin', async (printType) => {
      const res = await getBinary(api, `/api/estimates/${estimate.id}/generateEstimateProposal?printType=${printType}&approval=true`);
      expect(res.status).toBe(200);
      const { text } = await pdfText(res.bytes);
      expect(text).toContain('Costed Job');
      expect(text).not.toMatch(/\b(cost|costs|margin|profit|hours?|labou?r|overhead|break-even)\b/i);
      for (const figure of ['1,086', '2,886', '1,800', '489.00', '14.5', '3,206.67', '4,933.33', '336.00', '636.00']) {
        expect(text, figure).not.toContain(figure);
      }
    });

    it('a duplicate and a cloned area keep the lines’ kinds, rates and crew hours, and so the profitability', async () => {
      const res = await api.post(`/api/estimates/${estimate.id}/duplicate`, {});
      expect(res.status, res.raw).toBe(201);
      const [original, copy] = await Promise.all(
        [estimate.id, res.body.id].map(async (id) => (await api.get(`/api/estimates/${id}/profitability`)).body),
      );
      const withoutIds = (p: { areas: { id: number }[] }) => ({ ...p, areas: p.areas.map(({ id: _id, ...area }) => area) });
      expect(withoutIds(copy)).toEqual(withoutIds(original));
      const cloned = await api.get(`/api/workAreas/${estimate.areaIDs[lawn]}/clone`);
      expect(cloned.status, cloned.raw).toBe(201);
      const [line] = (await api.get(`/api/workAreas/${cloned.body.id}/workAreaItems`)).body.workAreaItems;
      expect(line).toMatchObject({ itemID: item.mowing, kind: 'LABOR', hoursPerUnit: 1, laborHours: 30 });
      expect((await api.del(`/api/workAreas/${cloned.body.id}`)).status).toBe(204);
    });

    it("the client's page is made from data without cost, hours or kinds", async () => {
      const data = await loadProposalData(api.database.db, estimate.id, []);
      const keys: string[] = [];
      JSON.stringify(data, (key, value) => (keys.push(key), value));
      expect(keys.filter((key) => /cost|hours|margin|profit|kind|labou?r|overhead/i.test(key))).toEqual([]);
      expect(JSON.stringify(data)).not.toMatch(/1086|2886|1800|489/);
      expect(data.areas.map((area) => area.subtotal)).toEqual([780, 2970]);
    });
  });
});
