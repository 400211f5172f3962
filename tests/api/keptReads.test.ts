import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { createTestApi, type TestApi } from '../helpers/testApi';
import { watchStatements } from '../helpers/statementLog';
import { databaseKinds } from '../helpers/testDatabase';
import { repeatingJobsSettled } from '../helpers/jobViews';

const customer = (name: string) => ({ name, address1: '12 Main St', city: 'Trenton', state: 'NJ', zip: '08608' });
const COUNT = /select count\(\*\)::int/i;
const USER = /from "users" where "users"."user_id"/i;

/**
 * Issue 37: a list's count is read once and kept until anything writes, and on the embedded
 * database the signed-in user too (server/db/keptReads.ts). Whatever writes — a request, a
 * trigger, a statement from outside the routes, a transaction rolled back, on PostgreSQL
 * another server's connection — the next answer is exact. On PostgreSQL the user is read on
 * every request (checking for writes costs as much as reading it).
 */
describe.each(databaseKinds())('reads kept until a write, on %s', (kind) => {
  let api: TestApi;
  let statements: { take(): string[] };

  beforeAll(async () => {
    api = await createTestApi(kind);
    for (const name of ['Lakeland Lawns', 'Highland Snow', 'Birch Gardens'])
      expect((await api.post('/api/customers', customer(name))).status).toBe(201);
    // The server's own schedule writes too (its jobs' first runs): counted writes are the test's.
    await repeatingJobsSettled(api);
    statements = watchStatements(api.database);
  });
  afterAll(() => api?.close());

  const landCount = async () => {
    const res = await api.get('/api/customers?searchTerm=land&limit=1');
    expect(res.status).toBe(200);
    return res.body.count as number;
  };

  it('pages through a search counting it once (and on PostgreSQL reads the user every time)', async () => {
    statements.take();
    expect(await landCount()).toBe(2);
    const first = statements.take();
    expect(first.filter((s) => COUNT.test(s))).toHaveLength(1);
    for (let offset = 0; offset < 3; offset += 1) {
      const page = await api.get(`/api/customers?searchTerm=land&limit=1&offset=${offset}`);
      expect(page.body.count).toBe(2);
    }
    const later = statements.take();
    expect(later.filter((s) => COUNT.test(s))).toHaveLength(0);
    expect(later.filter((s) => USER.test(s))).toHaveLength(kind === 'pglite' ? 0 : 3);
  });

  it('counts again after a write through the API, and after a delete', async () => {
    expect(await landCount()).toBe(2);
    const created = await api.post('/api/customers', customer('Woodland Estates'));
    expect(created.status).toBe(201);
    expect(await landCount()).toBe(3);
    expect((await api.del(`/api/customers/${created.body.id}`)).status).toBe(204);
    expect(await landCount()).toBe(2);
  });

  it('counts again after a write the routes never saw: a statement, a transaction', async () => {
    const { db } = api.database;
    expect(await landCount()).toBe(2);
    await db.execute(sql`UPDATE customers SET customer_city = 'Lakeland' WHERE customer_name = 'Birch Gardens'`);
    expect(await landCount()).toBe(3);
    await db.transaction(async (tx) => {
      await tx.execute(sql`UPDATE customers SET customer_city = 'Trenton' WHERE customer_name = 'Birch Gardens'`);
    });
    expect(await landCount()).toBe(2);
  });

  it('a transaction rolled back leaves the count as it was, and the next read exact', async () => {
    const { db } = api.database;
    expect(await landCount()).toBe(2);
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`DELETE FROM customers`);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await landCount()).toBe(2);
  });

  it('a user disabled by a statement of its own is refused on the next request', async () => {
    expect((await api.get('/api/customers?limit=1')).status).toBe(200);
    await api.database.db.execute(sql`UPDATE users SET user_active = false WHERE user_username = 'tester'`);
    expect((await api.get('/api/customers?limit=1')).status).toBe(401);
    await api.database.db.execute(sql`UPDATE users SET user_active = true WHERE user_username = 'tester'`);
    expect((await api.get('/api/customers?limit=1')).status).toBe(200);
  });

  // Registered on PostgreSQL only (a skipped test would fail CI): PGlite has no other server.
  if (kind === 'postgres')
    it("counts again once another server's transaction commits, though it was open when the count was kept", async () => {
      const { connectionString } = (api.database.pool as unknown as { options: { connectionString: string } }).options;
      const otherServer = new pg.Client({ connectionString });
      await otherServer.connect();
      try {
        expect(await landCount()).toBe(2);
        await otherServer.query('BEGIN');
        await otherServer.query(
          `INSERT INTO customers (customer_name, customer_address_1, customer_city, customer_state, customer_zip, customer_type)
           VALUES ('Parkland Grounds', '1 Elm St', 'Trenton', 'NJ', '08608', 0)`,
        );
        expect(await landCount()).toBe(2);
        expect(await landCount()).toBe(2);
        await otherServer.query('COMMIT');
        expect(await landCount()).toBe(3);
        await otherServer.query(`DELETE FROM customers WHERE customer_name = 'Parkland Grounds'`);
        expect(await landCount()).toBe(2);
      } finally {
        await otherServer.end();
      }
    });
});
