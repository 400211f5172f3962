/**
 * Issue 40: a month's billing lines (installments due, visits done, time and materials at the
 * company's rate) computed by hand, and their export for QuickBooks Online: the headers it maps
 * by itself, invoice numbers never given twice, colliding names refused, only the last undone.
 */
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../helpers/testApi';
import { databaseKinds } from '../helpers/testDatabase';
import { moveClock, saveCostedCompany, signedAgreement } from '../helpers/agreementFixtures';
import { QUICKBOOKS_INVOICE_COLUMNS } from '../helpers/quickBooksColumns';
import { FIXTURE_CUSTOMER } from '../helpers/printFixtures';

const SIGNING_DAY = Date.parse('2027-03-15T15:00:00Z');

interface Line {
  id: string;
  customerID: number;
  lineID: number;
  date: string;
  quantity: number;
  rate: number;
  amount: number;
  tax: number;
  source: string;
  exportID: number | null;
}

describe.each(databaseKinds())('billing on %s', (kind) => {
  let api: TestApi;
  let maple: { agreementID: number; customerID: number };
  let oak: { agreementID: number; customerID: number };
  const lines: Record<string, { id: number; version: number }> = {};

  const agreementLines = async (agreementID: number) =>
    (await api.get(`/api/agreements/${agreementID}`)).body.lines as { id: number; name: string; version: number }[];
  const visitsOf = async (agreementID: number, lineID: number) =>
    (
      (await api.get(`/api/agreements/${agreementID}/visits`)).body.visits as {
        id: number;
        lineID: number;
        date: string;
        version: number;
      }[]
    ).filter((visit) => visit.lineID === lineID);
  const complete = async (visit: { id: number; version: number }, body: Record<string, unknown>) => {
    const res = await api.put(`/api/visits/${visit.id}`, { status: 'done', version: visit.version, ...body });
    expect(res.status, res.raw).toBe(200);
    return res.body;
  };
  const month = async (value: string) => {
    const res = await api.get(`/api/billing?month=${value}`);
    expect(res.status, res.raw).toBe(200);
    return res.body.lines as Line[];
  };

  beforeAll(async () => {
    api = await createTestApi(kind);
    await moveClock(api, SIGNING_DAY);
    await saveCostedCompany(api);
    const first = await signedAgreement(api);
    const second = await signedAgreement(api, { customer: { ...FIXTURE_CUSTOMER, name: 'Oak Hollow Condominiums' } });
    maple = { agreementID: first.agreementID, customerID: first.estimate.customerID };
    oak = { agreementID: second.agreementID, customerID: second.estimate.customerID };
    for (const line of await agreementLines(maple.agreementID)) lines[line.name] = line;
    const weekly = await api.put(`/api/agreementLines/${lines.Mowing.id}`, {
      rrule: 'FREQ=WEEKLY;BYDAY=TU',
      version: lines.Mowing.version,
    });
    expect(weekly.status, weekly.raw).toBe(200);
    const tm = await api.put(`/api/agreementLines/${lines['Spring Cleanup'].id}`, {
      basis: 'timeAndMaterials',
      version: lines['Spring Cleanup'].version,
    });
    expect(tm.status, tm.raw).toBe(200);
    const [firstMowing] = await visitsOf(maple.agreementID, lines.Mowing.id);
    await complete(firstMowing, { actualHours: 1.5 });
    const [cleanup] = await visitsOf(maple.agreementID, lines['Spring Cleanup'].id);
    await complete(cleanup, { actualHours: 3, materials: 45.5 });
  });
  afterAll(() => api?.close());

  it('lists April’s billing lines as computed by hand', async () => {
    const april = await month('2027-04');
    const figures = april.map((line) => [line.customerID, line.source, line.date, line.quantity, line.rate, line.amount, line.tax]);
    expect(figures).toEqual(
      expect.arrayContaining([
        [maple.customerID, 'installment', '2027-04-01', 1, 250.01, 250.01, 16.56],
        [maple.customerID, 'timeAndMaterials', '2027-04-01', 3, 42.5, 127.5, 7.65],
        [maple.customerID, 'timeAndMaterials', '2027-04-01', 1, 45.5, 45.5, 2.73],
        [maple.customerID, 'visit', '2027-04-06', 1, 38.57, 38.57, 2.56],
        [oak.customerID, 'installment', '2027-04-01', 1, 250.01, 250.01, 16.56],
      ]),
    );
    expect(april).toHaveLength(5);
    expect(april.every((line) => line.exportID === null)).toBe(true);
  });

  it('exports April for QuickBooks Online: one invoice per customer, the headers it maps, read back', async () => {
    const made = await api.post('/api/billing/exports', { month: '2027-04' });
    expect(made.status, made.raw).toBe(201);
    expect(made.body).toMatchObject({ invoices: 2, lines: 5 });
    const file = await api.get(`/api/billing/exports/${made.body.id}/file`);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toMatch(/^text\/csv/);
    const parsed = Papa.parse<string[]>(file.raw.trim());
    expect(parsed.data[0]).toEqual(QUICKBOOKS_INVOICE_COLUMNS);
    const rows = parsed.data.slice(1);
    expect(rows).toHaveLength(5);
    const invoiceOf = (customer: string) => new Set(rows.filter((row) => row[1] === customer).map((row) => row[0]));
    expect([...invoiceOf(FIXTURE_CUSTOMER.name)]).toHaveLength(1);
    expect([...invoiceOf('Oak Hollow Condominiums')]).toHaveLength(1);
    expect(invoiceOf(FIXTURE_CUSTOMER.name)).not.toEqual(invoiceOf('Oak Hollow Condominiums'));
    expect(rows.every((row) => row[2] === '04/30/2027' && row[3] === '05/30/2027' && row[4] === 'Net 30')).toBe(true);
    const mowing = rows.find((row) => row[6] === 'Mowing')!;
    expect(mowing.slice(8)).toEqual(['1', '38.57', '38.57', 'Tax', '04/06/2027']);
    expect((await month('2027-04')).every((line) => line.exportID === made.body.id)).toBe(true);
    const again = await api.post('/api/billing/exports', { month: '2027-04' });
    expect(again.status).toBe(409);
  });

  it('billed lines and visits no longer change', async () => {
    const line = (await agreementLines(maple.agreementID)).find((candidate) => candidate.name === 'Shrub Maintenance')!;
    const res = await api.put(`/api/agreementLines/${line.id}`, { installments: 4, version: line.version });
    expect(res.status).toBe(409);
    const [mowed] = await visitsOf(maple.agreementID, lines.Mowing.id);
    const fresh = (await api.get(`/api/agreements/${maple.agreementID}/visits`)).body.visits.find(
      (visit: { id: number }) => visit.id === mowed.id,
    );
    const change = await api.put(`/api/visits/${mowed.id}`, { actualHours: 9, version: fresh.version });
    expect(change.status).toBe(409);
  });

  it('numbers invoices uniquely across exports, and undoes only the last one', async () => {
    const exportsBefore = (await api.get('/api/billing/exports')).body.exports;
    const [, secondMowing] = await visitsOf(maple.agreementID, lines.Mowing.id);
    await complete(secondMowing, { actualHours: 1.25 });
    const second = await api.post('/api/billing/exports', { month: '2027-04' });
    expect(second.status, second.raw).toBe(201);
    expect(second.body).toMatchObject({ invoices: 1, lines: 1 });
    const all = (await api.get('/api/billing/exports')).body.exports as {
      id: number;
      firstInvoice: number;
      lastInvoice: number;
      undoable: boolean;
    }[];
    expect(all.map((made) => made.undoable)).toEqual([true, false]);
    expect(all[0].firstInvoice).toBeGreaterThan(exportsBefore[0].lastInvoice);
    const earlier = await api.del(`/api/billing/exports/${all[1].id}`);
    expect(earlier.status).toBe(409);
    const undone = await api.del(`/api/billing/exports/${all[0].id}`);
    expect(undone.status, undone.raw).toBe(200);
    const open = (await month('2027-04')).filter((line) => line.exportID === null);
    expect(open).toHaveLength(1);
    const third = await api.post('/api/billing/exports', { month: '2027-04' });
    expect(third.status).toBe(201);
    const newest = (await api.get('/api/billing/exports')).body.exports[0];
    expect(newest.firstInvoice).toBeGreaterThan(all[0].lastInvoice);
  });

  it('refuses an export where two customers would share a QuickBooks name, naming it', async () => {
    await signedAgreement(api, { customer: { ...FIXTURE_CUSTOMER, name: '  maple ridge HOMEOWNERS association ' } });
    const res = await api.post('/api/billing/exports', { month: '2027-05' });
    expect(res.status).toBe(409);
    expect(res.body.message.toLowerCase()).toContain('maple ridge homeowners association');
    expect((await month('2027-05')).every((line) => line.exportID === null)).toBe(true);
  });

  it('gives the customers and products/services in QuickBooks Online’s import layouts', async () => {
    const customersFile = await api.get('/api/billing/quickBooks/customers');
    expect(customersFile.status).toBe(200);
    const customers = Papa.parse<string[]>(customersFile.raw.trim()).data;
    expect(customers[0][0]).toBe('Full Name');
    expect(customers.slice(1).map((row) => row[0])).toContain('Oak Hollow Condominiums');
    const productsFile = await api.get('/api/billing/quickBooks/products');
    const products = Papa.parse<string[]>(productsFile.raw.trim()).data;
    expect(products[0]).toEqual(['Name', 'SKU', 'Type', 'Sales Description', 'Sales Price/Rate', 'Income Account']);
    expect(products.slice(1).map((row) => row[0])).toEqual(expect.arrayContaining(['Mowing', 'Spring Cleanup', 'Shrub Maintenance']));
  });

  it('refuses hostile months with a 400 naming the month', async () => {
    for (const value of ['2027-13', 'abc', '2027-4', "2027-04' or '1'='1", '']) {
      const res = await api.get(`/api/billing?month=${encodeURIComponent(value)}`);
      expect(res.status, value).toBe(400);
      expect(res.body.errors.month).toBe('Month must be a month (YYYY-MM).');
    }
    for (const body of [{ month: 202704 }, { month: null }, {}, { month: '2027-00' }]) {
      const res = await api.post('/api/billing/exports', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors.month).toEqual(expect.any(String));
    }
    expect((await api.get('/api/billing/exports/999999/file')).status).toBe(404);
    expect((await api.del('/api/billing/exports/999999')).status).toBe(404);
  });
});
