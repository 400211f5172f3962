/**
 * Renewals (issue 23: "a renewal of 200 estimates is all or nothing, and it answers within
 * seconds"): POST /api/estimates/renew of 200 estimates of 5 work areas × 10 items (with
 * notes) by +4 %, the whole request through the API, in one transaction. The peer, measured in
 * the same run on the same estimates: the same 200 copies made one by one through
 * POST /api/estimates/:id/duplicate (each its own transaction), as an office would without
 * a renewal.
 */
import { buildApp } from '../server/app';
import { createUser } from '../server/auth/users';
import { insertRecord, inTransaction } from '../server/crud/records';
import { addPricedAreasTo, type AreaDraft } from '../server/estimates/pricedAreas';
import { customers, estimates, sites } from '../src/schema';
import type { Db } from '../server/db/connection';
import { recordFigure } from './figures';
import { onFreshDatabase, type BenchTarget } from './targets';

const ESTIMATES = Number(process.env.BENCH_RENEW_ESTIMATES ?? 200);
const AREAS = 5;
const ITEMS = 10;
const RUNS = Number(process.env.BENCH_RENEW_RUNS ?? 3);
const LIMIT_MS = 5000;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const ms = (value: number) => `${value.toFixed(0)} ms`;

/** A season: ESTIMATES estimates of AREAS × ITEMS priced lines, with notes, for one user. */
async function seedSeason(db: Db): Promise<{ ids: number[]; username: string; password: string }> {
  const username = 'bench';
  const password = 'bench-password-1';
  const { id: userId } = await createUser(db, { username, firstName: 'Bea', lastName: 'Bench', password });
  const address = { address1: '400 Maple Ridge Dr', city: 'Princeton', state: 'NJ', zip: '08540' };
  const customerID = await insertRecord(db, customers, { name: 'Maple Ridge HOA', ...address });
  const siteID = await insertRecord(db, sites, { customerID, name: 'Maple Ridge Commons', ...address });
  const ids: number[] = [];
  for (let e = 0; e < ESTIMATES; e += 1) {
    ids.push(await insertRecord(db, estimates, { siteID, projectName: `Snow 2026 contract ${e}`, salesperson: userId, estimator: userId }));
  }
  const areas = (e: number): AreaDraft[] =>
    Array.from({ length: AREAS }, (_, a) => ({
      name: `Lot ${a}`,
      tax: a % 2 ? 'PA' : 'NJ',
      notes: '<p>Plow at <b>2 in</b> of snow; salt walks.</p>',
      items: Array.from({ length: ITEMS }, (_, i) => ({
        name: `Line ${i}`,
        size: i % 3 ? null : 1.5,
        quantity: 1 + ((e + i) % 9),
        units: 'visit',
        unitCost: 20,
        unitPrice: ((e * 7919 + a * 104729 + i * 1299709) % 50000) / 100,
      })),
    }));
  await inTransaction(db, (tx) =>
    addPricedAreasTo(
      tx,
      ids.map((estimateID, e) => ({ estimateID, areas: areas(e) })),
      { userId },
    ),
  );
  return { ids, username, password };
}

export async function renewalSuite(target: BenchTarget): Promise<void> {
  await onFreshDatabase(target, async (database) => {
    const { ids, username, password } = await seedSeason(database.db);
    const app = await buildApp({ database, jwtSecret: 'bench-secret-that-is-long-enough-for-hs256-0123456789' });
    try {
      await app.ready();
      const xsrf = 'bench-anti-forgery-token';
      const cookie = { cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf };
      const login = await app.inject({ method: 'POST', url: '/api/login', payload: { username, password }, headers: cookie });
      if (login.statusCode !== 200) throw new Error(`sign-in failed: ${login.statusCode} ${login.body}`);
      const headers = { ...cookie, authorization: `Bearer ${login.json().token}` };
      const post = async (url: string, payload: unknown, status = 201) => {
        const res = await app.inject({ method: 'POST', url, payload: payload as object, headers });
        if (res.statusCode !== status) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
        return res;
      };
      // The renewal is a job (issue 36): queued, then run to its end.
      const renew = async () => {
        const queued = await post(
          '/api/estimates/renew',
          { estimateIDs: ids, pricing: { mode: 'percent', percent: 4 }, projectName: { replace: '2026', with: '2027' } },
          202,
        );
        await app.jobs.runPending();
        const job = await app.inject({ method: 'GET', url: `/api/jobs/${queued.json().jobID}`, headers });
        if (job.json().status !== 'done') throw new Error(`the renewal's job: ${job.body}`);
      };

      await renew(); // warm: plans cached, code compiled
      const renewals: number[] = [];
      for (let run = 0; run < RUNS; run += 1) {
        const started = performance.now();
        await renew();
        renewals.push(performance.now() - started);
      }
      const started = performance.now();
      for (const id of ids) await post(`/api/estimates/${id}/duplicate`, {});
      const oneByOne = performance.now() - started;

      const ours = median(renewals);
      const lines = ESTIMATES * AREAS * ITEMS;
      recordFigure({
        measure: `renew ${ESTIMATES} estimates of ${AREAS} areas × ${ITEMS} items, request and job`,
        target,
        unit: 'ms (median)',
        ours,
        peer: oneByOne,
        peerName: `${ESTIMATES} duplicates one by one`,
        limit: LIMIT_MS,
        higherIsBetter: false,
      });
      console.log(
        `  renew ${ESTIMATES} estimates of ${AREAS} areas × ${ITEMS} items (${lines.toLocaleString('en-US')} lines), +4 %, names replaced, one transaction:`,
      );
      console.log(
        `    median ${ms(ours)} of ${RUNS} runs (${renewals.map(ms).join(', ')}): ${ours <= LIMIT_MS ? 'within' : 'OVER'} the ${LIMIT_MS} ms target`,
      );
      console.log(`  peer, the same ${ESTIMATES} copies one by one through POST /api/estimates/:id/duplicate: ${ms(oneByOne)}`);
      console.log(`    ratio: the renewal is ${(oneByOne / ours).toFixed(1)}x faster than the duplicates one by one`);
    } finally {
      await app.close();
    }
  });
}
