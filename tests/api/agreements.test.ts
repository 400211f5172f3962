/**
 * Issue 40: what is signed becomes the season's agreement — its lines frozen from the signed
 * revision, its visits, and the changes an office makes to them — on both databases.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../helpers/testApi';
import { databaseKinds } from '../helpers/testDatabase';
import { moveClock, saveCostedCompany, signedAgreement } from '../helpers/agreementFixtures';
import type { CreatedEstimate } from '../helpers/printFixtures';

/** March 15, 2027 in New York: signed before the landscape season (April 1 – November 30). */
const SIGNING_DAY = Date.parse('2027-03-15T15:00:00Z');

describe.each(databaseKinds())('agreements on %s', (kind) => {
  let api: TestApi;
  let agreementID: number;
  let estimate: CreatedEstimate;

  beforeAll(async () => {
    api = await createTestApi(kind);
    await moveClock(api, SIGNING_DAY);
    await saveCostedCompany(api);
    ({ agreementID, estimate } = await signedAgreement(api));
  });
  afterAll(() => api?.close());

  const agreement = async () => {
    const res = await api.get(`/api/agreements/${agreementID}`);
    expect(res.status, res.raw).toBe(200);
    return res.body;
  };
  const lineNamed = async (name: string) => (await agreement()).lines.find((line: { name: string }) => line.name === name);
  const visitsOf = async (lineID?: number) => {
    const res = await api.get(`/api/agreements/${agreementID}/visits`);
    expect(res.status, res.raw).toBe(200);
    return (res.body.visits as { id: number; lineID: number; date: string; status: string; version: number }[]).filter(
      (visit) => lineID === undefined || visit.lineID === lineID,
    );
  };

  it('makes one agreement of the accepted areas at their signed prices, over the landscape season', async () => {
    const made = await agreement();
    expect(made).toMatchObject({
      customerID: estimate.customerID,
      siteID: estimate.siteID,
      estimateID: estimate.id,
      revision: 1,
      startDate: '2027-04-01',
      endDate: '2027-11-30',
      status: 'active',
      contractValue: 3950.1,
      plannedHours: 69,
      signedOn: '2027-03-15',
    });
    expect(
      made.lines.map((line: Record<string, unknown>) => [
        line.name,
        line.amount,
        line.taxCode,
        line.basis,
        line.visitPrice,
        line.plannedHours,
      ]),
    ).toEqual([
      ['Mowing', 1350, 'NJ', 'perVisit', 45, 45],
      ['Spring Cleanup', 600, 'PA', 'once', null, 8],
      ['Shrub Maintenance', 2000.1, 'NJ', 'installments', null, 16],
    ]);
    expect(made.lines.some((line: { name: string }) => line.name === 'Annual Flowers')).toBe(false);
    const mowing = made.lines[0];
    expect(await visitsOf(mowing.id)).toHaveLength(30);
  });

  it('keeps its prices when the estimate changes afterwards', async () => {
    const [areaID] = estimate.areaIDs;
    const items = (await api.get(`/api/workAreas/${areaID}/workAreaItems`)).body.workAreaItems;
    const res = await api.put(`/api/workAreaItems/${items[0].id}`, { ...items[0], unitPrice: 99 });
    expect(res.status, res.raw).toBe(200);
    expect((await lineNamed('Mowing')).amount).toBe(1350);
    expect((await agreement()).contractValue).toBe(3950.1);
  });

  it('lists, searches and filters agreements', async () => {
    const all = await api.get('/api/agreements');
    expect(all.status, all.raw).toBe(200);
    expect(all.body.count).toBe(1);
    expect(all.body.agreements[0]).toMatchObject({ id: agreementID, customerName: 'Maple Ridge Homeowners Association', status: 'active' });
    expect((await api.get('/api/agreements?searchTerm=maple')).body.count).toBe(1);
    expect((await api.get('/api/agreements?searchTerm=nobody')).body.count).toBe(0);
    expect((await api.get('/api/agreements?filter:agreement_status=%22cancelled%22')).body.count).toBe(0);
    expect((await api.get(`/api/customers/${estimate.customerID}/agreements`)).body.count).toBe(1);
  });

  it('gives an installments line its schedule, exact to the cent with the remainder on the last', async () => {
    const shrubs = await lineNamed('Shrub Maintenance');
    const res = await api.get(`/api/agreementLines/${shrubs.id}/schedule`);
    expect(res.status, res.raw).toBe(200);
    expect(res.body.installments).toEqual([
      { dueDate: '2027-04-01', amount: 250.01 },
      { dueDate: '2027-05-01', amount: 250.01 },
      { dueDate: '2027-06-01', amount: 250.01 },
      { dueDate: '2027-07-01', amount: 250.01 },
      { dueDate: '2027-08-01', amount: 250.01 },
      { dueDate: '2027-09-01', amount: 250.01 },
      { dueDate: '2027-10-01', amount: 250.01 },
      { dueDate: '2027-11-01', amount: 250.03 },
    ]);
  });

  it('plans a mowing line weekly: its visits follow, priced per visit by default', async () => {
    const mowing = await lineNamed('Mowing');
    const res = await api.put(`/api/agreementLines/${mowing.id}`, {
      basis: 'perVisit',
      rrule: 'FREQ=WEEKLY;BYDAY=TU',
      version: mowing.version,
    });
    expect(res.status, res.raw).toBe(200);
    expect(res.body.rrule).toContain('FREQ=WEEKLY');
    const visits = await visitsOf(mowing.id);
    expect(visits[0].date).toBe('2027-04-06');
    expect(visits.at(-1)!.date).toBe('2027-11-30');
    expect(visits).toHaveLength(35);
    expect(res.body.visitPrice).toBe(38.57);
    const stale = await api.put(`/api/agreementLines/${mowing.id}`, { basis: 'once', version: mowing.version });
    expect(stale.status).toBe(409);
  });

  it('refuses what cannot be: per event, installments beyond the term, a rule that is not one', async () => {
    const shrubs = await lineNamed('Shrub Maintenance');
    const perEvent = await api.put(`/api/agreementLines/${shrubs.id}`, { basis: 'perEvent', version: shrubs.version });
    expect(perEvent.status).toBe(400);
    expect(perEvent.body.errors.basis).toMatch(/snow/i);
    const tooMany = await api.put(`/api/agreementLines/${shrubs.id}`, { installments: 12, version: shrubs.version });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.errors.installments).toBe('Installments must be a whole number from 1 to 8.');
    for (const rrule of ['FREQ=SECONDLY', 'FREQ=WEEKLY;COUNT=100000', 'DROP TABLE visits', 'FREQ=DAILY;INTERVAL=0', '\u0000']) {
      const res = await api.put(`/api/agreementLines/${shrubs.id}`, { rrule, version: shrubs.version });
      expect(res.status, rrule).toBe(400);
      expect(res.body.errors.rrule, rrule).toEqual(expect.any(String));
    }
    expect((await lineNamed('Shrub Maintenance')).version).toBe(shrubs.version);
  });

  it('lists the visits of a range, moves one (409 when stale), completes one once', async () => {
    const range = await api.get('/api/visits?from=2027-04-01&to=2027-04-30&filter:service=Mowing');
    expect(range.status, range.raw).toBe(200);
    const april = range.body.visits as { id: number; date: string; version: number; lineName: string }[];
    expect(april.map((visit) => visit.date)).toEqual(['2027-04-06', '2027-04-13', '2027-04-20', '2027-04-27']);
    expect(new Set(april.map((visit) => visit.lineName))).toEqual(new Set(['Mowing']));
    const [first] = april;
    const moved = await api.put(`/api/visits/${first.id}`, { date: '2027-04-07', version: first.version });
    expect(moved.status, moved.raw).toBe(200);
    expect(moved.body).toMatchObject({ date: '2027-04-07', plannedDate: '2027-04-06' });
    const stale = await api.put(`/api/visits/${first.id}`, { date: '2027-04-08', version: first.version });
    expect(stale.status).toBe(409);
    const done = await api.put(`/api/visits/${first.id}`, {
      status: 'done',
      actualHours: 1.75,
      crew: 'Crew A',
      version: moved.body.version,
    });
    expect(done.status, done.raw).toBe(200);
    const again = await api.put(`/api/visits/${first.id}`, { status: 'done', actualHours: 2, version: done.body.version });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This visit is already done.');
    const outside = await api.put(`/api/visits/${first.id}`, { date: '2028-01-05', version: done.body.version });
    expect(outside.status).toBe(400);
    expect(outside.body.errors.date).toEqual(expect.any(String));
    const crew = await api.get('/api/visits?from=2027-04-01&to=2027-04-30&filter:crew=Crew A');
    expect(crew.body.visits.map((visit: { id: number }) => visit.id)).toEqual([first.id]);
  });

  it('refuses hostile queries and bodies with a 400 naming the field', async () => {
    for (const query of [
      'from=2027-04-01',
      'from=yesterday&to=2027-04-30',
      'from=2027-04-30&to=2027-04-01',
      'from=2020-01-01&to=2027-01-01',
      "from=2027-04-01&to=2027-04-30&filter:status=' or 1=1",
    ]) {
      const res = await api.get(`/api/visits?${query}`);
      expect(res.status, query).toBe(400);
      expect(Object.keys(res.body.errors ?? {}).length, query).toBeGreaterThan(0);
    }
    const [visit] = await visitsOf();
    for (const body of [
      { status: 'finished', version: visit.version },
      { actualHours: -1, version: visit.version },
      { actualHours: 'many', version: visit.version },
      { materials: 1e20, version: visit.version },
      { crew: 'x'.repeat(101), version: visit.version },
      { date: '2027-02-30', version: visit.version },
      { status: 'done' },
    ]) {
      const res = await api.put(`/api/visits/${visit.id}`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect((await api.put('/api/visits/99999999', { status: 'done', version: 1 })).status).toBe(404);
    expect((await api.put('/api/agreementLines/abc', { version: 1 })).status).toBe(400);
    expect((await api.get('/api/agreements/0')).status).toBe(400);
  });

  it('job costing compares the hours done with the plan, and the list filters those over budget', async () => {
    const made = await agreement();
    expect(made.costing).toMatchObject({ visitsDone: 1, actualHours: 1.75 });
    expect(typeof made.costing.overBudget).toBe('boolean');
    const over = await api.get('/api/agreements?filter:agreement_over_budget=true');
    expect(over.status, over.raw).toBe(200);
    const under = await api.get('/api/agreements?filter:agreement_over_budget=false');
    expect(over.body.count + under.body.count).toBe(1);
  });

  it('cancelling ends the visits to come, and keeps what was done', async () => {
    await moveClock(api, Date.parse('2027-06-15T15:00:00Z'));
    const record = await agreement();
    const res = await api.put(`/api/agreements/${agreementID}`, { ...record, status: 'cancelled' });
    expect(res.status, res.raw).toBe(200);
    const after = await agreement();
    expect(after).toMatchObject({ status: 'cancelled', cancelledOn: '2027-06-15' });
    const visits = await visitsOf();
    expect(visits.filter((visit) => visit.date > '2027-06-15' && visit.status !== 'skipped')).toEqual([]);
    expect(visits.filter((visit) => visit.status === 'done')).toHaveLength(1);
    const shrubs = after.lines.find((line: { name: string }) => line.name === 'Shrub Maintenance');
    const schedule = await api.get(`/api/agreementLines/${shrubs.id}/schedule`);
    expect(schedule.body.installments.map((installment: { dueDate: string }) => installment.dueDate)).toEqual([
      '2027-04-01',
      '2027-05-01',
      '2027-06-01',
    ]);
    const reopen = await api.put(`/api/agreements/${agreementID}`, { ...after, status: 'active' });
    expect(reopen.status).toBe(400);
    expect(reopen.body.errors.status).toEqual(expect.any(String));
  });
});
