import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createUser } from '../../server/auth/users';
import { seedDatabase } from '../../server/seed';
import { ESTIMATE_STATUS_IDS } from '../../src/domain/estimates';
import data from '../../server/db/seed/data/demoEstimates.json';
import { databaseKinds, openTestDatabase, type TestDatabase } from '../helpers/testDatabase';
import { inconsistentFigures } from '../helpers/estimateFixtures';

const DAY_MS = 24 * 60 * 60 * 1000;

describe.each(databaseKinds())('demo estimates on %s', (kind) => {
  let database: TestDatabase;
  let adminId: number;
  const rows = async <T = Record<string, unknown>>(query: ReturnType<typeof sql>) =>
    ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    // The first start creates admin before it seeds.
    adminId = (
      await createUser(database.db, { username: 'admin', firstName: 'Office', lastName: 'Admin', password: 'long enough password 1' })
    ).id;
  });
  afterAll(() => database?.drop());

  it('are skipped with the demo off', async () => {
    await seedDatabase(database.db, { demo: false });
    expect(await rows(sql`SELECT estimate_id FROM estimates`)).toEqual([]);
  });

  it('give ~30 estimates over the four statuses and the last 120 days, a few archived, priced consistently', async () => {
    const started = Date.now();
    await seedDatabase(database.db, { demo: true });
    const estimates = await rows<{
      number: number;
      status: number;
      archived: boolean;
      created: Date | string;
      subtotal: string;
      updated_by: number;
      salesperson: number;
      customer_ok: boolean;
    }>(sql`
      SELECT e.estimate_number AS number, e.estimate_status AS status, e.estimate_is_archived AS archived,
             e.estimate_created_at AS created, e.estimate_subtotal::text AS subtotal, e.estimate_updated_by AS updated_by,
             e.estimate_salesperson AS salesperson, (e.customer_id = s.customer_id) AS customer_ok
      FROM estimates e JOIN sites s ON s.site_id = e.site_id ORDER BY e.estimate_number`);
    expect(estimates).toHaveLength(data.estimates.length);
    expect(estimates.length).toBeGreaterThanOrEqual(25);
    expect(estimates.length).toBeLessThanOrEqual(35);
    expect(new Set(estimates.map((e) => e.status))).toEqual(new Set(ESTIMATE_STATUS_IDS));
    const archived = estimates.filter((e) => e.archived).length;
    expect(archived).toBeGreaterThanOrEqual(2);
    expect(archived).toBeLessThanOrEqual(6);
    expect(estimates.every((e) => e.customer_ok && e.updated_by === adminId && e.salesperson === adminId)).toBe(true);

    const ages = estimates.map((e) => (started - new Date(e.created).getTime()) / DAY_MS);
    expect(Math.max(...ages)).toBeLessThanOrEqual(121);
    expect(Math.min(...ages)).toBeGreaterThanOrEqual(-0.01);
    const recent = ages.filter((age) => age <= 30).length;
    expect(recent).toBeGreaterThanOrEqual(5);
    expect(recent).toBeLessThan(estimates.length);
    // Numbered in the order they were made.
    const created = estimates.map((e) => new Date(e.created).getTime());
    expect(created).toEqual([...created].sort((a, b) => a - b));

    expect(estimates.every((e) => Number(e.subtotal) > 0)).toBe(true);
    const { wrong, checked } = await inconsistentFigures(database.db);
    expect(wrong).toEqual([]);
    expect(checked).toBeGreaterThan(200);
    const [{ notes, excluded, templated }] = await rows<{ notes: number; excluded: number; templated: number }>(sql`
      SELECT count(*) FILTER (WHERE work_area_notes LIKE '<p>%')::int AS notes,
             count(*) FILTER (WHERE NOT work_area_is_included)::int AS excluded,
             count(*) FILTER (WHERE work_area_name = 'Mowing')::int AS templated
      FROM work_areas`);
    expect(notes).toBeGreaterThan(5);
    expect(excluded).toBeGreaterThan(0);
    expect(templated).toBeGreaterThan(3);
  });

  it('a second start changes nothing', async () => {
    const before = await rows(sql`SELECT estimate_id, estimate_subtotal, estimate_version FROM estimates ORDER BY estimate_id`);
    await seedDatabase(database.db, { demo: true });
    expect(await rows(sql`SELECT estimate_id, estimate_subtotal, estimate_version FROM estimates ORDER BY estimate_id`)).toEqual(before);
  });
});
