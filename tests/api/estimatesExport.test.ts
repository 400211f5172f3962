import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { xlsxRows } from '../helpers/exportFiles';
import Papa from 'papaparse';
import { eq } from 'drizzle-orm';
import * as tables from '../../server/db/entityTables';
import { createTestApi, type TestApi } from '../helpers/testApi';
import { databaseKinds } from '../helpers/testDatabase';
import { makeArea, makeCustomerWithSite, makeEstimate, makeItem } from '../helpers/estimateFixtures';

type Row = Record<string, any>;

/** Issue 35 #12: the estimates export writes what the list shows, plus Site, Taxes and Total. */
describe.each(databaseKinds())('the estimates export on %s', (kind) => {
  let api: TestApi;
  const made: { id: number; site: string; status: number; revision: number }[] = [];

  const exportOf = async (format: 'csv' | 'xlsx') => {
    const res = await api.app.inject({
      method: 'GET',
      url: `/api/estimates/export?format=${format}&sortBy=estimate_number&sortDirection=ASC`,
      headers: { authorization: `Bearer ${api.token}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.rawPayload;
  };
  const csvRows = (payload: Buffer) =>
    Papa.parse<string[]>(payload.toString('utf8').slice(1).trimEnd(), { newline: '\r\n' }).data.map((line) => line.map(String));

  beforeAll(async () => {
    api = await createTestApi(kind);
    const plans = [
      { site: 'North Campus', status: 2, revision: 2, discount: 12.5, areas: [{ tax: 'NJ', isIncluded: true, quantity: 3 }] },
      {
        site: 'Depot Yard',
        status: 0,
        revision: 1,
        discount: 0,
        areas: [
          { tax: 'NJ', isIncluded: true, quantity: 7 },
          { tax: 'Phila', isIncluded: true, quantity: 2 },
          { tax: 'NJ', isIncluded: false, quantity: 5 },
        ],
      },
      { site: 'Empty Lot', status: 3, revision: 3, discount: 5, areas: [] },
      { site: 'Pond Side', status: 1, revision: 1, discount: 33.33, areas: [{ tax: 'NJ', isIncluded: true, quantity: 1.37 }] },
    ];
    for (const plan of plans) {
      const { siteID } = await makeCustomerWithSite(api, `${plan.site} Owner`);
      const site = (await api.get(`/api/sites/${siteID}`)).body;
      expect((await api.put(`/api/sites/${siteID}`, { ...site, name: plan.site })).status).toBe(200);
      const id = await makeEstimate(api, siteID, `Work at ${plan.site}`);
      for (const area of plan.areas) {
        const areaID = await makeArea(api, id, { tax: area.tax, isIncluded: area.isIncluded });
        await makeItem(api, areaID, { quantity: area.quantity, unitPrice: 65.35 });
      }
      const estimate = (await api.get(`/api/estimates/${id}`)).body;
      // A lost estimate has its reason (issue 39).
      const lost = plan.status === 3 ? { lostReason: 'Price', lostNote: 'Went with a lower bid.' } : {};
      const put = await api.put(`/api/estimates/${id}`, { ...estimate, status: plan.status, discount: plan.discount, ...lost });
      expect(put.status, put.raw).toBe(200);
      // The revision is the server's (a change after a sent proposal); set as stored, to read it back.
      await api.database.db.update(tables.estimates).set({ revision: plan.revision }).where(eq(tables.estimates.id, id));
      made.push({ id, site: plan.site, status: plan.status, revision: plan.revision });
    }
  });
  afterAll(() => api?.close());

  const expectedRows = async () => {
    const rows: Row[] = [];
    for (const { id, site } of made) {
      const estimate = (await api.get(`/api/estimates/${id}`)).body;
      const pricing = (await api.get(`/api/estimates/${id}/pricing`)).body.pricing;
      rows.push({ id, site, estimate, pricing });
    }
    return rows;
  };
  const statusNames = ['In Progress', 'Client Proposal Phase', 'Contract Signed', 'Estimate Lost'];

  it('the CSV writes the number with its revision, the status by label, and Site, Taxes and Total', async () => {
    const [header, ...data] = csvRows(await exportOf('csv'));
    expect(header).toEqual([
      'ID',
      'Number',
      'Date',
      'Customer',
      'Project Name',
      'Status',
      'Subtotal',
      'Site',
      'Taxes',
      'Total',
      'Lost Reason',
      'Lost Note',
    ]);
    const expected = await expectedRows();
    expect(data.map((line) => Number(line[0]))).toEqual(expected.map((row) => row.id));
    for (const [i, { estimate, site, pricing }] of expected.entries()) {
      const line = data[i];
      expect(line[1]).toBe(`#${estimate.number}-R${made[i].revision}`);
      expect(line[5]).toBe(statusNames[made[i].status]);
      expect(line[7]).toBe(site);
      expect(Number(line[8])).toBe(pricing.taxes);
      expect(Number(line[9])).toBe(pricing.total);
      expect(line.slice(10)).toEqual(made[i].status === 3 ? ['Price', 'Went with a lower bid.'] : ['', '']);
    }
    // Taxes and discounts that matter: not every row is zero.
    expect(expected.some((row) => row.pricing.taxes > 0 && row.pricing.total !== row.pricing.subtotal)).toBe(true);
  });

  it('the XLSX writes the same, Taxes and Total as numbers', async () => {
    const [header, ...data] = await xlsxRows(await exportOf('xlsx'));
    expect(header.slice(7)).toEqual(['Site', 'Taxes', 'Total', 'Lost Reason', 'Lost Note']);
    const expected = await expectedRows();
    for (const [i, { estimate, site, pricing }] of expected.entries()) {
      expect(data[i].slice(0, 2)).toEqual([estimate.id, `#${estimate.number}-R${made[i].revision}`]);
      expect(data[i][5]).toBe(statusNames[made[i].status]);
      expect(data[i].slice(7, 10)).toEqual([site, pricing.taxes, pricing.total]);
    }
  });

  it('the list itself gains neither the site nor the pricing (its answers are as they were)', async () => {
    const list = await api.get('/api/estimates');
    expect(list.status).toBe(200);
    for (const row of list.body.estimates) {
      expect(row).not.toHaveProperty('siteName');
      expect(row).not.toHaveProperty('taxes');
      expect(row).not.toHaveProperty('total');
    }
  });
});
