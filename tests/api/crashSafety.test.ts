import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/connection';
import { readStoredData } from '../helpers/storedData';
import { ADMIN_PASSWORD, startServer } from '../e2e/server';
import { inconsistentFigures } from '../helpers/estimateFixtures';
import { signIn, type HttpCall } from '../helpers/httpSession';
import { databaseKinds, openTestDatabase, type TestDatabase } from '../helpers/testDatabase';

const ROUNDS = 5;
const WRITERS = 4;

/** Writes acknowledged by the server (a 2xx received): each must survive the crash. */
interface Acknowledged {
  estimates: number[];
  areas: number[];
  items: { id: number; quantity: number }[];
}

/** Creates estimates, areas and items as fast as it can until the server goes away. */
async function writeUntilKilled(call: HttpCall, siteID: number, userID: number, acked: Acknowledged, writer: number): Promise<void> {
  try {
    for (let n = 0; ; n++) {
      const estimate = await call('POST', `/api/sites/${siteID}/estimates`, {
        siteID,
        projectName: `Writer ${writer} #${n}`,
        salesperson: userID,
        estimator: userID,
      });
      if (estimate.status !== 201) throw new Error(`estimate: ${estimate.status}`);
      acked.estimates.push(estimate.body.id);
      const area = await call('POST', `/api/estimates/${estimate.body.id}/workAreas`, { name: 'Front Lawn', isIncluded: n % 3 !== 0 });
      if (area.status !== 201) throw new Error(`area: ${area.status}`);
      acked.areas.push(area.body.id);
      for (let i = 1; i <= 3; i++) {
        const quantity = n + i / 4;
        const item = await call('POST', `/api/workAreas/${area.body.id}/workAreaItems`, {
          workAreaID: area.body.id,
          name: 'Hardwood mulch',
          quantity,
          units: 'yd³',
          unitCost: 28,
          unitPrice: 65.55,
        });
        if (item.status !== 201) throw new Error(`item: ${item.status}`);
        acked.items.push({ id: item.body.id, quantity });
      }
    }
  } catch {
    // The server was killed: what was not acknowledged may or may not be there.
  }
}

const rowsOf = async (db: Database['db'], query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;

async function missingWrites(db: Database['db'], acked: Acknowledged): Promise<string[]> {
  const ids = async (table: string, column: string) =>
    new Set((await rowsOf(db, sql.raw(`SELECT ${column} AS id FROM ${table}`))).map((r) => Number(r.id)));
  const estimates = await ids('estimates', 'estimate_id');
  const areas = await ids('work_areas', 'work_area_id');
  const items = new Map(
    (await rowsOf(db, sql`SELECT work_area_item_id AS id, work_area_item_quantity AS q FROM work_area_items`)).map((r) => [
      Number(r.id),
      Number(r.q),
    ]),
  );
  return [
    ...acked.estimates.filter((id) => !estimates.has(id)).map((id) => `estimate ${id}`),
    ...acked.areas.filter((id) => !areas.has(id)).map((id) => `area ${id}`),
    ...acked.items.filter((item) => items.get(item.id) !== item.quantity).map((item) => `item ${item.id}`),
  ];
}

describe.each(databaseKinds())('crash safety on %s: SIGKILL while writing, then restart', (kind) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'yardstick-crash-'));
  let postgres: TestDatabase | undefined;

  afterAll(async () => {
    await postgres?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** The stored data, read directly once the server is dead. */
  const withStoredData = <T>(read: (db: Database['db']) => Promise<T>) => readStoredData({ dataDir, postgres }, read);

  it(`keeps every acknowledged write and consistent subtotals over ${ROUNDS} kills`, async () => {
    if (kind === 'postgres') postgres = await openTestDatabase('postgres');
    const acked: Acknowledged = { estimates: [], areas: [], items: [] };
    let siteID = 0;
    let userID = 0;
    const report: string[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const server = await startServer({ dataDir, spa: false, databaseUrl: postgres?.url });
      const call = await signIn(server.baseUrl, 'admin', ADMIN_PASSWORD);
      if (round === 1) {
        userID = (await call('GET', '/api/users')).body.find((u: { username: string }) => u.username === 'admin').id;
        const customer = await call('POST', '/api/customers', {
          name: 'Crash Test Lawns',
          address1: '1 Oak Ave',
          city: 'Trenton',
          state: 'NJ',
        });
        siteID = (
          await call('POST', `/api/customers/${customer.body.id}/sites`, {
            name: 'HQ',
            address1: '1 Oak Ave',
            city: 'Trenton',
            state: 'NJ',
          })
        ).body.id;
      }
      const before = acked.items.length;
      const writers = Array.from({ length: WRITERS }, (_, w) => writeUntilKilled(call, siteID, userID, acked, w));
      await new Promise((r) => setTimeout(r, 400 + Math.random() * 1200));
      await server.kill();
      await Promise.all(writers);

      const { missing, figures } = await withStoredData(async (db) => ({
        missing: await missingWrites(db, acked),
        figures: await inconsistentFigures(db),
      }));
      expect(missing, `round ${round}: acknowledged writes lost`).toEqual([]);
      expect(figures.wrong, `round ${round}: a stored total differs from its parts`).toEqual([]);
      report.push(`round ${round}: ${acked.items.length - before} items acknowledged before the kill`);
    }
    console.log(
      `${kind}: ${ROUNDS} kills, ${acked.estimates.length} estimates, ${acked.areas.length} areas, ${acked.items.length} items acknowledged, 0 lost\n  ${report.join('\n  ')}`,
    );
    expect(acked.items.length).toBeGreaterThan(0);
    // Ten server starts and kills: minutes on a busy two-core machine.
  }, 300_000);
});
