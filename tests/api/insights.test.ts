import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { customers, estimates, services, sites } from '../../server/db/entityTables';
import { siteServices } from '../../server/db/tables/siteServices';
import { users } from '../../server/db/tables/users';
import { createTestApi, TEST_USER, type TestApi } from '../helpers/testApi';
import { databaseKinds } from '../helpers/testDatabase';

// 10:00 at the office (EDT) on Sunday 15 March 2026: "Last 30 Days" starts at midnight EST on
// 14 February, 2026-02-14T05:00:00Z.
const NOW = Date.parse('2026-03-15T14:00:00.000Z');
const WINDOW_START = '2026-02-14T05:00:00.000Z';
const JUST_BEFORE_WINDOW = '2026-02-14T04:59:59.999Z';
const RECENT = '2026-03-10T16:30:00.000Z';
const LONG_AGO = '2025-06-01T12:00:00.000Z';

const address = { address1: '1 Oak Ave', city: 'Trenton', state: 'NJ' };
const zeros = [0, 1, 2, 3].map((status) => ({ status, count: 0, price: 0 }));

describe.each(databaseKinds())('insights API on %s', (kind) => {
  let api: TestApi;
  let siteID: number;
  let customerID: number;
  let userID: number;

  beforeAll(async () => {
    api = await createTestApi(kind);
    // The fixed clock from sign-in on, so the token is valid on it.
    api.clock.now = NOW;
    api.token = await api.login();
    const { db } = api.database;
    [{ id: userID }] = await db.select({ id: users.id }).from(users).where(eq(users.username, TEST_USER.username));
    [{ id: customerID }] = await db
      .insert(customers)
      .values({ name: 'Acme Lawns', type: 1, ...address })
      .returning({ id: customers.id });
    [{ id: siteID }] = await db
      .insert(sites)
      .values({ customerID, name: 'Acme HQ', ...address })
      .returning({ id: sites.id });
  });
  afterAll(() => api?.close());

  const addEstimate = (status: number, subtotal: number, isArchived: boolean, createdAt: string) =>
    api.database.db.insert(estimates).values({
      siteID,
      customerID,
      projectName: `Project ${status} ${subtotal}`,
      status,
      subtotal,
      isArchived,
      salesperson: userID,
      estimator: userID,
      createdAt: new Date(createdAt),
    });

  it('needs a signed-in user', async () => {
    for (const path of ['/api/insights/estimates', '/api/insights/services']) {
      const res = await api.request('GET', path, undefined, null);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: expect.any(String) });
    }
  });

  it('answers every status with zeros on an empty database, and no services', async () => {
    const res = await api.get('/api/insights/estimates');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ current: zeros, last30Days: zeros, allTime: zeros });
    const servicesRes = await api.get('/api/insights/services');
    expect(servicesRes.status).toBe(200);
    expect(servicesRes.body).toEqual([]);
  });

  describe('with a mix of statuses, archived flags and creation dates', () => {
    beforeAll(async () => {
      await addEstimate(0, 100.1, false, RECENT);
      await addEstimate(0, 200.2, true, LONG_AGO);
      await addEstimate(1, 1000, false, WINDOW_START);
      await addEstimate(1, 50.55, false, JUST_BEFORE_WINDOW);
      await addEstimate(2, 2500, false, RECENT);
      await addEstimate(2, 1234.56, true, RECENT);
      await addEstimate(2, 0.01, false, LONG_AGO);
    });

    it('counts and sums each list: current leaves out archived, last 30 days starts at the office midnight 29 days back', async () => {
      const res = await api.get('/api/insights/estimates');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        current: [
          { status: 0, count: 1, price: 100.1 },
          { status: 1, count: 2, price: 1050.55 },
          { status: 2, count: 2, price: 2500.01 },
          { status: 3, count: 0, price: 0 },
        ],
        last30Days: [
          { status: 0, count: 1, price: 100.1 },
          { status: 1, count: 1, price: 1000 },
          { status: 2, count: 2, price: 3734.56 },
          { status: 3, count: 0, price: 0 },
        ],
        allTime: [
          { status: 0, count: 2, price: 300.3 },
          { status: 1, count: 2, price: 1050.55 },
          { status: 2, count: 3, price: 3734.57 },
          { status: 3, count: 0, price: 0 },
        ],
      });
    });

    it('moves the 30-day window at midnight at the office, not at midnight UTC', async () => {
      // Signed in again at each instant: a token from hours earlier has expired.
      const recentInProposalAt = async (instant: string) => {
        api.clock.now = Date.parse(instant);
        api.token = await api.login();
        const res = await api.get('/api/insights/estimates');
        expect(res.status).toBe(200);
        return res.body.last30Days[1].count;
      };
      try {
        // 23:59:59.999 EDT on 15 March: still the same office day, the boundary estimate counts.
        expect(await recentInProposalAt('2026-03-16T03:59:59.999Z')).toBe(1);
        // Midnight EDT on 16 March (04:00 UTC): the window starts on 15 February, without it.
        expect(await recentInProposalAt('2026-03-16T04:00:00.000Z')).toBe(0);
        // A day earlier the estimate one millisecond before the boundary is inside too.
        expect(await recentInProposalAt('2026-03-14T14:00:00.000Z')).toBe(2);
      } finally {
        api.clock.now = NOW;
        api.token = await api.login();
      }
    });

    it('sums to the cent at the largest subtotals the column holds', async () => {
      await addEstimate(3, 9_999_999_999.99, false, RECENT);
      await addEstimate(3, 9_999_999_999.99, true, RECENT);
      await addEstimate(3, 0.01, false, LONG_AGO);
      const { body } = await api.get('/api/insights/estimates');
      expect(body.current[3]).toEqual({ status: 3, count: 2, price: 10_000_000_000 });
      expect(body.last30Days[3]).toEqual({ status: 3, count: 2, price: 19_999_999_999.98 });
      expect(body.allTime[3]).toEqual({ status: 3, count: 3, price: 19_999_999_999.99 });
    });

    it('ignores query parameters it does not know', async () => {
      const plain = await api.get('/api/insights/estimates');
      const odd = await api.get('/api/insights/estimates?since=%00&status=[9]&limit=-1');
      expect(odd.status).toBe(200);
      expect(odd.body).toEqual(plain.body);
    });
  });

  describe('services', () => {
    const ids: Record<string, number> = {};

    beforeAll(async () => {
      const { db } = api.database;
      const startDate = new Date('2026-04-01T04:00:00.000Z');
      for (const name of ['Weekly Mowing', 'aeration', 'Snow Plowing', 'Salting', 'Mulching', 'Leaf Cleanup']) {
        [{ id: ids[name] }] = await db.insert(services).values({ name, startDate }).returning({ id: services.id });
      }
      const more = await db
        .insert(sites)
        .values(['North Lot', 'South Lot'].map((name) => ({ customerID, name, ...address })))
        .returning({ id: sites.id });
      const [north, south] = more.map((s) => s.id as number);
      const assign = (site: number, names: string[]) =>
        db.insert(siteServices).values(names.map((name) => ({ siteID: site, serviceID: ids[name] })));
      await assign(siteID, ['Weekly Mowing', 'Snow Plowing', 'Mulching']);
      await assign(north, ['Weekly Mowing', 'Snow Plowing', 'aeration']);
      await assign(south, ['Snow Plowing', 'Weekly Mowing']);
    });

    it('lists every service with its number of sites, most first, then by name regardless of case', async () => {
      const res = await api.get('/api/insights/services');
      expect(res.status).toBe(200);
      expect(res.body).toEqual([
        { id: ids['Snow Plowing'], name: 'Snow Plowing', count: 3 },
        { id: ids['Weekly Mowing'], name: 'Weekly Mowing', count: 3 },
        { id: ids.aeration, name: 'aeration', count: 1 },
        { id: ids.Mulching, name: 'Mulching', count: 1 },
        { id: ids['Leaf Cleanup'], name: 'Leaf Cleanup', count: 0 },
        { id: ids.Salting, name: 'Salting', count: 0 },
      ]);
    });

    it('follows assignments as they change', async () => {
      await api.database.db.delete(siteServices).where(eq(siteServices.serviceID, ids['Snow Plowing']));
      const { body } = await api.get('/api/insights/services');
      expect(body.map((s: { name: string; count: number }) => [s.name, s.count])).toEqual([
        ['Weekly Mowing', 3],
        ['aeration', 1],
        ['Mulching', 1],
        ['Leaf Cleanup', 0],
        ['Salting', 0],
        ['Snow Plowing', 0],
      ]);
    });
  });
});
