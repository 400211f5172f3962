import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { createTestApi, type TestApi } from '../helpers/testApi';
import { databaseKinds } from '../helpers/testDatabase';
import { makeCustomerWithSite, signedInUserId } from '../helpers/estimateFixtures';

describe.each(databaseKinds())('estimate numbers on %s', (kind) => {
  let api: TestApi;
  let siteID: number;
  let me: number;

  const numberOf = async (id: number) => (await api.get(`/api/estimates/${id}`)).body.number as number;
  const create = (projectName: string) =>
    api.post(`/api/sites/${siteID}/estimates`, { siteID, projectName, salesperson: me, estimator: me });

  beforeAll(async () => {
    api = await createTestApi(kind);
    ({ siteID } = await makeCustomerWithSite(api));
    me = await signedInUserId(api);
  });
  afterAll(() => api?.close());

  it('gives 20 concurrent creates 20 distinct numbers', async () => {
    // On PostgreSQL the creates are held at their INSERT by a lock from another session until
    // several of them wait at once, then released together: truly concurrent inserts.
    const holder = kind === 'postgres' ? new pg.Client({ connectionString: api.database.url }) : undefined;
    if (holder) {
      await holder.connect();
      await holder.query('BEGIN');
      await holder.query('LOCK TABLE estimates IN SHARE MODE');
    }
    const pending = Promise.all(Array.from({ length: 20 }, (_, i) => create(`Concurrent ${i}`)));
    if (holder) {
      let waiting = 0;
      for (let tries = 0; tries < 200 && waiting < 3; tries += 1) {
        // Activity statistics are a snapshot per transaction: take a fresh one each time.
        await holder.query('SELECT pg_stat_clear_snapshot()');
        const { rows } = await holder.query(
          "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query ILIKE 'insert into \"estimates\"%'",
        );
        waiting = rows[0].n;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      await holder.query('COMMIT');
      await holder.end();
      expect(waiting).toBeGreaterThanOrEqual(3);
    }
    const responses = await pending;
    expect(responses.map((r) => r.status)).toEqual(Array(20).fill(201));
    const numbers = await Promise.all(responses.map((r) => numberOf(r.body.id)));
    expect(new Set(numbers).size).toBe(20);
    expect(numbers.every((n) => Number.isInteger(n) && n > 0)).toBe(true);
    const list = await api.get('/api/estimates?limit=100');
    expect(list.body.count).toBe(20);
  });

  it('never reuses a number after a delete, not even the last one', async () => {
    const first = (await create('First')).body.id;
    const last = (await create('Last')).body.id;
    const lastNumber = await numberOf(last);
    expect(await numberOf(first)).toBeLessThan(lastNumber);
    expect((await api.del(`/api/estimates/${last}`)).status).toBe(204);
    expect((await api.del(`/api/estimates/${first}`)).status).toBe(204);
    const next = (await create('Next')).body.id;
    expect(await numberOf(next)).toBe(lastNumber + 1);
    const all = (await api.get('/api/estimates?limit=100')).body.estimates as { number: number }[];
    expect(new Set(all.map((e) => e.number)).size).toBe(all.length);
  });
});
