/**
 * Revisions (issue 23: "comparing two revisions of a 40 × 25 estimate"): an estimate of 40 work
 * areas × 25 items frozen as revision 1, then changed (50 lines repriced, 10 renamed, 2 areas
 * deleted and 2 added, 5 notes rewritten) and frozen as revision 2.
 * - compareRevisions (src/domain/revisions.ts) of the two snapshots, in process; the peer, in
 *   the same run: the same comparison written the naive way (each area and line looked up by
 *   a scan of the other revision, fields compared as JSON).
 * - GET /api/estimates/:id/revisions/compare?from=1&to=2, the whole request; the peer, in the
 *   same run: GET /api/estimates/:id/revisions/2, reading one snapshot (a comparison reads two).
 */
import { isDeepStrictEqual } from 'node:util';
import { eq, inArray, sql } from 'drizzle-orm';
import { buildApp } from '../server/app';
import { createUser } from '../server/auth/users';
import { insertRecord, inTransaction, updateRecord, deleteRecord, getRecord } from '../server/crud/records';
import * as tables from '../server/db/entityTables';
import { addPricedAreas, type AreaDraft } from '../server/estimates/pricedAreas';
import { freezeCurrentRevision, liveSnapshot } from '../server/estimates/revisions';
import { lockEstimateForChange } from '../server/estimates/locks';
import { customers, estimates, sites, workAreaItems, workAreas } from '../src/schema';
import { compareRevisions, type ItemField, type RevisionSnapshot } from '../src/domain/revisions';
import { ITEM_FIELDS } from '../src/schema/workAreaItemLines';
import type { Db } from '../server/db/connection';
import { recordFigure } from './figures';
import { onFreshDatabase, type BenchTarget } from './targets';

const AREAS = 40;
const ITEMS = 25;
const RUNS = Number(process.env.BENCH_REVISION_RUNS ?? 30);

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const ms = (value: number) => `${value.toFixed(2)} ms`;

function drafts(count: number, offset = 0): AreaDraft[] {
  return Array.from({ length: count }, (_, a) => ({
    name: `Lot ${a + offset}`,
    tax: a % 2 ? 'PA' : 'NJ',
    isIncluded: a % 7 !== 3,
    notes: '<p>Plow at <b>2 in</b> of snow; salt walks.</p>',
    items: Array.from({ length: ITEMS }, (_, i) => ({
      name: `Line ${i}`,
      size: i % 3 ? null : 1.5,
      quantity: 1 + ((a + i) % 9),
      units: 'visit',
      unitCost: 20,
      unitPrice: ((a * 104729 + i * 1299709) % 50000) / 100,
    })),
  }));
}

/** The estimate with revision 1 frozen, changed, and revision 2 frozen. */
async function seedRevisions(db: Db): Promise<{ estimateID: number; username: string; password: string }> {
  const username = 'bench';
  const password = 'bench-password-1';
  const user = await createUser(db, { username, firstName: 'Bea', lastName: 'Bench', password });
  const context = { userId: user.id };
  const freezer = { id: user.id, name: 'Bea Bench' };
  const address = { address1: '400 Maple Ridge Dr', city: 'Princeton', state: 'NJ', zip: '08540' };
  const customerID = await insertRecord(db, customers, { name: 'Maple Ridge HOA', ...address });
  const siteID = await insertRecord(db, sites, { customerID, name: 'Maple Ridge Commons', ...address });
  const estimateID = await insertRecord(db, estimates, { siteID, projectName: 'Snow 2026', salesperson: user.id, estimator: user.id });
  await inTransaction(db, (tx) => addPricedAreas(tx, estimateID, drafts(AREAS), context));
  await inTransaction(db, (tx) => freezeCurrentRevision(tx, estimateID, freezer));

  const areaRows = await db.select({ id: tables.workAreas.id }).from(tables.workAreas).where(eq(tables.workAreas.estimateID, estimateID));
  const areaIDs = areaRows.map((row) => row.id).sort((a, b) => a - b);
  const items = await db
    .select({ id: tables.workAreaItems.id })
    .from(tables.workAreaItems)
    .where(inArray(tables.workAreaItems.workAreaID, areaIDs));
  const itemIDs = items.map((row) => row.id).sort((a, b) => a - b);
  for (let i = 0; i < 50; i += 1) {
    const id = itemIDs[(i * 19) % itemIDs.length];
    const item = await getRecord(db, workAreaItems, id);
    const renamed = i < 10 ? { name: `${item.name as string} (revised)` } : {};
    await updateRecord(
      db,
      workAreaItems,
      id,
      { ...item, ...renamed, unitPrice: Math.round((item.unitPrice as number) * 104) / 100 },
      context,
    );
  }
  for (const id of areaIDs.slice(0, 2)) await deleteRecord(db, workAreas, id, context);
  await inTransaction(db, async (tx) => {
    await lockEstimateForChange(tx, estimateID);
    await addPricedAreas(tx, estimateID, drafts(2, AREAS), context);
    await tx
      .update(tables.workAreas)
      .set({ notes: '<p>Plow at <b>3 in</b>.</p>', updatedAt: sql`now()` })
      .where(inArray(tables.workAreas.id, areaIDs.slice(10, 15)));
  });
  await inTransaction(db, (tx) => freezeCurrentRevision(tx, estimateID, freezer));
  return { estimateID, username, password };
}

/** The naive comparison: every match by a scan, every field compared as JSON. */
function naiveCompare(from: RevisionSnapshot, to: RevisionSnapshot): number {
  let changes = 0;
  for (const after of to.areas) {
    const before = from.areas.find((area) => area.id === after.id);
    if (!before) {
      changes += 1;
      continue;
    }
    for (const key of ['name', 'tax', 'isIncluded', 'notes', 'subtotal'] as const)
      if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) changes += 1;
    for (const item of after.items) {
      const old = before.items.find((line) => line.id === item.id);
      if (!old) changes += 1;
      else for (const field of ITEM_FIELDS as ItemField[]) if (JSON.stringify(old[field]) !== JSON.stringify(item[field])) changes += 1;
    }
    for (const old of before.items) if (!after.items.some((line) => line.id === old.id)) changes += 1;
  }
  for (const before of from.areas) if (!to.areas.some((area) => area.id === before.id)) changes += 1;
  return changes;
}

function timed(runs: number, work: () => unknown): number[] {
  const times: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const started = performance.now();
    work();
    times.push(performance.now() - started);
  }
  return times;
}

export async function revisionSuite(target: BenchTarget): Promise<void> {
  await onFreshDatabase(target, async (database) => {
    const { estimateID, username, password } = await seedRevisions(database.db);
    const app = await buildApp({ database, jwtSecret: 'bench-secret-that-is-long-enough-for-hs256-0123456789' });
    try {
      await app.ready();
      const xsrf = 'bench-anti-forgery-token';
      const cookie = { cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf };
      const login = await app.inject({ method: 'POST', url: '/api/login', payload: { username, password }, headers: cookie });
      if (login.statusCode !== 200) throw new Error(`sign-in failed: ${login.statusCode} ${login.body}`);
      const headers = { ...cookie, authorization: `Bearer ${login.json().token}` };
      const get = async (url: string) => {
        const res = await app.inject({ method: 'GET', url, headers });
        if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
        return res;
      };
      const base = `/api/estimates/${estimateID}/revisions`;
      const [first, second] = [(await get(`${base}/1`)).json().snapshot, (await get(`${base}/2`)).json().snapshot];
      const live = await liveSnapshot(database.db, estimateID);
      if (!isDeepStrictEqual(live, second)) throw new Error('revision 2 is not the estimate as frozen');
      const comparison = compareRevisions(first, second);
      const counted = `${comparison.items.changed.length} lines changed, ${comparison.areas.added.length} areas added, ${comparison.areas.removed.length} removed, ${comparison.areas.changed.length} changed`;

      timed(RUNS, () => compareRevisions(first, second)); // warm
      const pure = median(timed(RUNS, () => compareRevisions(first, second)));
      const naive = median(timed(RUNS, () => naiveCompare(first, second)));
      recordFigure({
        measure: `compareRevisions of two ${AREAS} × ${ITEMS} revisions, in process`,
        target,
        unit: 'ms (median)',
        ours: pure,
        peer: naive,
        peerName: 'naive comparison (scans, JSON fields)',
        higherIsBetter: false,
      });

      const api = async (url: string) => {
        await get(url);
        const times: number[] = [];
        for (let run = 0; run < RUNS; run += 1) {
          const started = performance.now();
          await get(url);
          times.push(performance.now() - started);
        }
        return median(times);
      };
      const compared = await api(`${base}/compare?from=1&to=2`);
      const oneSnapshot = await api(`${base}/2`);
      recordFigure({
        measure: `GET …/revisions/compare of two ${AREAS} × ${ITEMS} revisions`,
        target,
        unit: 'ms (median)',
        ours: compared,
        peer: oneSnapshot,
        peerName: 'GET …/revisions/2 (one snapshot)',
        higherIsBetter: false,
      });
      console.log(`  two revisions of ${AREAS} areas × ${ITEMS} items: ${counted}`);
      console.log(`  compareRevisions in process: median ${ms(pure)} of ${RUNS}; naive peer ${ms(naive)} (${(naive / pure).toFixed(1)}x)`);
      console.log(
        `  GET compare: median ${ms(compared)} of ${RUNS}; peer GET of one snapshot ${ms(oneSnapshot)} (ratio ${(oneSnapshot / compared).toFixed(2)})`,
      );
    } finally {
      await app.close();
    }
  });
}
