/**
 * Migration 0009 (the sites' search text with the customer's name) on a database that already
 * has sites: it is applied over the data of the migrations before it, and the stored search
 * text, its trigram index and the copy's triggers work afterwards.
 */
import { rmSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { migrateDatabase } from '../../server/db/migrate';
import { migrationsFolderBefore } from '../helpers/migrationsBefore';
import { databaseKinds, openTestDatabase, type TestDatabase } from '../helpers/testDatabase';

const MIGRATION = '0009_sites_customer_search';

describe.each(databaseKinds())(`migration ${MIGRATION} on a database with sites (%s)`, (kind) => {
  let database: TestDatabase | undefined;
  const dir = migrationsFolderBefore(MIGRATION);
  afterAll(async () => {
    await database?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('searches the existing sites by their customer name once applied', async () => {
    database = await openTestDatabase(kind, dir);
    const { db } = database;
    const rows = async <T>(query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;
    const [{ id: customerID }] = await rows<{ id: number }>(sql`
      INSERT INTO customers (customer_name, customer_address_1, customer_city, customer_state, customer_type)
      VALUES ('Zephyr HOA', '1 Oak Ave', 'Trenton', 'NJ', 1) RETURNING customer_id AS id`);
    await db.execute(sql`
      INSERT INTO sites (customer_id, site_name, site_address_1, site_city, site_state)
      VALUES (${customerID}, 'Clubhouse', '1 Oak Ave', 'Trenton', 'NJ'), (${customerID}, 'Pool House', '2 Oak Ave', 'Trenton', 'NJ')`);
    const before = await rows<{ text: string }>(sql`SELECT site_search_text AS text FROM sites ORDER BY site_id`);
    expect(before.map((r) => r.text)).toEqual([expect.not.stringContaining('zephyr'), expect.not.stringContaining('zephyr')]);

    await migrateDatabase(database);
    const after = await rows<{ text: string }>(sql`SELECT site_search_text AS text FROM sites ORDER BY site_id`);
    expect(after.every((r) => r.text.includes('zephyr hoa'))).toBe(true);
    const indexes = await rows<{ name: string }>(sql`SELECT indexname AS name FROM pg_indexes WHERE tablename = 'sites'`);
    expect(indexes.map((r) => r.name)).toContain('sites_search_text_trgm');

    // The copy's trigger still feeds the regenerated column.
    await db.execute(sql`UPDATE customers SET customer_name = 'Quarry Lane' WHERE customer_id = ${customerID}`);
    const renamed = await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM sites WHERE site_search_text LIKE '%quarry lane%'`);
    expect(renamed[0].n).toBe(2);
  });
});
