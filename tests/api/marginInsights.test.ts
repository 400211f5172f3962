import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import * as tables from '../../server/db/entityTables';
import { users } from '../../server/db/tables/users';
import { estimateProfitability } from '../../src/domain/profitability';
import { saveCompany, FIXTURE_COMPANY } from '../helpers/printFixtures';
import { createTestApi, TEST_USER, type TestApi } from '../helpers/testApi';
import { databaseKinds } from '../helpers/testDatabase';

// 10:00 at the office on 15 March 2026: "Last 30 Days" starts on 14 February (tests/api/insights.test.ts).
const NOW = Date.parse('2026-03-15T14:00:00.000Z');
const RECENT = '2026-03-10T16:30:00.000Z';
const LONG_AGO = '2025-06-01T12:00:00.000Z';
const address = { address1: '1 Oak Ave', city: 'Trenton', state: 'NJ' };

describe.each(databaseKinds())('margin and win-rate insights on %s', (kind) => {
  let api: TestApi;
  let siteID: number;
  let customerID: number;
  let terry: number;
  let alex: number;

  beforeAll(async () => {
    api = await createTestApi(kind);
    api.clock.now = NOW;
    api.token = await api.login();
    const { db } = api.database;
    [{ id: terry }] = await db.select({ id: users.id }).from(users).where(eq(users.username, TEST_USER.username));
    [{ id: alex }] = await db
      .insert(users)
      .values({ username: 'alex', firstName: 'Alex', lastName: 'Zed', passwordHash: 'x' })
      .returning({ id: users.id });
    [{ id: customerID }] = await db
      .insert(tables.customers)
      .values({ name: 'Acme Lawns', type: 1, ...address })
      .returning({ id: tables.customers.id });
    [{ id: siteID }] = await db
      .insert(tables.sites)
      .values({ customerID, name: 'Acme HQ', ...address })
      .returning({ id: tables.sites.id });
  });
  afterAll(() => api?.close());

  /** An estimate with its areas' lines as stored figures: [isIncluded, totalCost, laborHours]. */
  async function addEstimate(
    status: number,
    salesperson: number,
    createdAt: string,
    subtotal = 0,
    discount = 0,
    lines: [boolean, number, number][] = [],
  ) {
    const { db } = api.database;
    const [{ id }] = await db
      .insert(tables.estimates)
      .values({
        siteID,
        customerID,
        projectName: 'P',
        status,
        subtotal,
        discount,
        salesperson,
        estimator: salesperson,
        createdAt: new Date(createdAt),
      })
      .returning({ id: tables.estimates.id });
    for (const [isIncluded, totalCost, laborHours] of lines) {
      const [{ id: workAreaID }] = await db
        .insert(tables.workAreas)
        .values({ estimateID: id, name: 'A', tax: 'NJ', isIncluded })
        .returning({ id: tables.workAreas.id });
      await db.insert(tables.workAreaItems).values({ workAreaID, name: 'L', quantity: 1, totalCost, laborHours });
    }
  }

  it('answers zeros and no salespeople on an empty database; needs a signed-in user', async () => {
    expect((await api.request('GET', '/api/insights/margin', undefined, null)).status).toBe(401);
    const res = await api.get('/api/insights/margin');
    expect(res.status, res.raw).toBe(200);
    const none = { count: 0, revenue: 0, cost: 0, grossProfit: 0, marginPercent: null };
    expect(res.body).toEqual({ signedMargin: { last30Days: none, allTime: none }, winRates: [] });
  });

  it('the margin of signed work weighted by revenue, and the win rate by salesperson, by hand', async () => {
    await saveCompany(api, { ...FIXTURE_COMPANY, laborRate: 40, overheadPerHour: 10 }); // $50 a crew hour
    // Won, recent: revenue 1000 × 0.9 = 900; cost 300 + 4 h × 50 = 500 (the excluded area does not count).
    await addEstimate(2, terry, RECENT, 1000, 10, [
      [true, 300, 4],
      [false, 999, 99],
    ]);
    // Won long ago: revenue 2000; cost 1000 + 10.33 h × 50 = 1516.50.
    await addEstimate(2, terry, LONG_AGO, 2000, 0, [[true, 1000, 10.33]]);
    // Won, recent, nothing in it.
    await addEstimate(2, terry, RECENT);
    await addEstimate(3, terry, LONG_AGO, 700); // lost
    await addEstimate(3, alex, RECENT, 500); // lost
    await addEstimate(1, alex, RECENT, 800); // with the client, undecided
    await addEstimate(0, alex, RECENT, 900); // in progress: never reached the client
    const res = await api.get('/api/insights/margin');
    expect(res.status, res.raw).toBe(200);
    expect(res.body).toEqual({
      signedMargin: {
        last30Days: { count: 2, revenue: 900, cost: 500, grossProfit: 400, marginPercent: 44.4 },
        allTime: { count: 3, revenue: 2900, cost: 2016.5, grossProfit: 883.5, marginPercent: 30.5 }, // 883.5 / 2900 = 30.47 %
      },
      winRates: [
        {
          salesperson: terry,
          name: `${TEST_USER.firstName} ${TEST_USER.lastName}`,
          proposed: 4,
          decided: 4,
          won: 3,
          lost: 1,
          winRatePercent: 75,
        },
        { salesperson: alex, name: 'Alex Zed', proposed: 2, decided: 1, won: 0, lost: 1, winRatePercent: 0 },
      ],
    });
  });
  it("the signed margin is the sum of each signed estimate's own profitability (src/domain/profitability.ts)", async () => {
    await saveCompany(api, { ...FIXTURE_COMPANY, laborRate: 37.77, overheadPerHour: 3.33 });
    // Discounts and hours whose products fall between cents, in and out of the window.
    await addEstimate(2, alex, RECENT, 1234.57, 33.33, [
      [true, 100.01, 1.37],
      [true, 0.99, 2.21],
    ]);
    await addEstimate(2, alex, LONG_AGO, 999.99, 12.5, [[true, 333.33, 7.77]]);
    await addEstimate(2, terry, RECENT, 0.05, 50, [[true, 0.01, 0.01]]);
    const { db } = api.database;
    const e = tables.estimates;
    const signed = await db
      .select({ id: e.id, createdAt: e.createdAt, subtotal: e.subtotal, discount: e.discount })
      .from(e)
      .where(eq(e.status, 2));
    const lines = await db
      .select({
        estimateID: tables.workAreas.estimateID,
        totalCost: tables.workAreaItems.totalCost,
        laborHours: tables.workAreaItems.laborHours,
      })
      .from(tables.workAreaItems)
      .innerJoin(tables.workAreas, eq(tables.workAreas.id, tables.workAreaItems.workAreaID))
      .where(eq(tables.workAreas.isIncluded, true));
    // Each estimate priced on its own by the domain: its stored subtotal, its included lines.
    const totals = (rows: typeof signed) => {
      const figures = rows.map((row) =>
        estimateProfitability(
          {
            discount: row.discount,
            areas: [{ id: row.id, subtotal: row.subtotal, isIncluded: true, items: lines.filter((line) => line.estimateID === row.id) }],
          },
          { laborRate: 37.77, overheadPerHour: 3.33 },
        ),
      );
      const cents = (key: 'revenue' | 'cost') => figures.reduce((n, f) => n + Math.round(f[key] * 100), 0) / 100;
      return { count: rows.length, revenue: cents('revenue'), cost: cents('cost') };
    };
    const res = await api.get('/api/insights/margin');
    expect(res.status, res.raw).toBe(200);
    const recent = signed.filter((row) => row.createdAt.getTime() >= Date.parse('2026-02-14T00:00:00.000Z'));
    expect(res.body.signedMargin.allTime).toMatchObject(totals(signed));
    expect(res.body.signedMargin.last30Days).toMatchObject(totals(recent));
  });
});
