/**
 * Migration 0012 (issue 24's costing) on a database that already has a catalogue and lines:
 * its hand-written part gives the starter kind and rate to catalogue rows still as the starter
 * catalogue made them, links lines to the one catalogue item of their exact name, and copies
 * the item's kind and rate to its lines with their crew hours.
 */
import { rmSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { migrateDatabase } from '../../server/db/migrate';
import { migrationsFolderBefore, migrationTag } from '../helpers/migrationsBefore';
import { databaseKinds, openTestDatabase, type TestDatabase } from '../helpers/testDatabase';

const MIGRATION = migrationTag('_costing');

describe.each(databaseKinds())(`migration ${MIGRATION} on a database with a catalogue and lines (%s)`, (kind) => {
  let database: TestDatabase | undefined;
  const dir = migrationsFolderBefore(MIGRATION);
  afterAll(async () => {
    await database?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('backfills the starter rates, the catalogue links and the lines’ crew hours, and nothing else', async () => {
    database = await openTestDatabase(kind, dir);
    const { db } = database;
    const rows = async <T>(query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;
    const items = await rows<{ id: number; name: string }>(sql`
      INSERT INTO items (item_name, item_units, item_cost, item_price) VALUES
        ('Hardwood mulch, double shredded', 'yd³', 28, 65),
        ('Lawn mowing', 'visit', 25, 50),
        ('Edging beds', 'linear ft', 0.35, 0.95),
        ('Custom stone', 'ton', 40, 90),
        ('Custom stone', 'bag', 4, 9)
      RETURNING item_id AS id, item_name AS name`);
    const id = (name: string) => items.find((i) => i.name === name)!.id;
    await db.execute(
      sql`INSERT INTO users (user_username, user_first_name, user_last_name, user_password_hash) VALUES ('u', 'U', 'Ser', 'x')`,
    );
    const [{ area }] = await rows<{ area: number }>(sql`
      WITH c AS (INSERT INTO customers (customer_name, customer_address_1, customer_city, customer_state, customer_type)
                 VALUES ('Acme', '1 Oak Ave', 'Trenton', 'NJ', 1) RETURNING customer_id),
           s AS (INSERT INTO sites (customer_id, site_name, site_address_1, site_city, site_state)
                 SELECT customer_id, 'HQ', '1 Oak Ave', 'Trenton', 'NJ' FROM c RETURNING site_id, customer_id),
           e AS (INSERT INTO estimates (site_id, customer_id, estimate_project_name, estimate_salesperson, estimate_estimator)
                 SELECT site_id, customer_id, 'Job', (SELECT min(user_id) FROM users), (SELECT min(user_id) FROM users) FROM s RETURNING estimate_id)
      INSERT INTO work_areas (estimate_id, work_area_name, work_area_tax) SELECT estimate_id, 'Beds', 'NJ' FROM e RETURNING work_area_id AS area`);
    await db.execute(sql`
      INSERT INTO work_area_items (work_area_id, item_id, work_area_item_name, work_area_item_quantity) VALUES
        (${area}, NULL, 'Hardwood mulch, double shredded', 12),
        (${area}, ${id('Lawn mowing')}, 'Weekly mowing', 30),
        (${area}, ${id('Edging beds')}, 'Edging', 1601),
        (${area}, NULL, 'Custom stone', 3),
        (${area}, NULL, 'Something else', 1)`);

    await migrateDatabase(database);
    const catalogue = await rows<{ name: string; units: string; kind: string; hours: string | null }>(sql`
      SELECT item_name AS name, item_units AS units, item_kind AS kind, item_hours_per_unit::text AS hours FROM items ORDER BY item_id`);
    expect(catalogue.map((r) => [r.name, r.kind, r.hours === null ? null : Number(r.hours)])).toEqual([
      ['Hardwood mulch, double shredded', 'MATERIAL', 0.5], // as the starter made it
      ['Lawn mowing', 'MATERIAL', null], // its price was changed: left alone
      ['Edging beds', 'LABOR', 0.005],
      ['Custom stone', 'MATERIAL', null],
      ['Custom stone', 'MATERIAL', null],
    ]);
    const lines = await rows<{ name: string; item: number | null; kind: string; hours: string | null; labor: string }>(sql`
      SELECT work_area_item_name AS name, item_id AS item, work_area_item_kind AS kind,
        work_area_item_hours_per_unit::text AS hours, work_area_item_labor_hours::text AS labor
      FROM work_area_items ORDER BY work_area_item_id`);
    expect(lines.map((l) => [l.name, l.item, l.kind, l.hours === null ? null : Number(l.hours), Number(l.labor)])).toEqual([
      ['Hardwood mulch, double shredded', id('Hardwood mulch, double shredded'), 'MATERIAL', 0.5, 6], // linked by its exact name
      ['Weekly mowing', id('Lawn mowing'), 'MATERIAL', null, 0],
      ['Edging', id('Edging beds'), 'LABOR', 0.005, 8.01], // 8.005, half away from zero
      ['Custom stone', null, 'MATERIAL', null, 0], // two catalogue items of that name: not linked
      ['Something else', null, 'MATERIAL', null, 0],
    ]);
    const [company] = await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM company_profile`);
    expect(company.n).toBe(0);
  });
});
