/**
 * Imports (issue 25: "import preview and commit of 10,000 customers with contacts and sites
 * against a naive peer (row-by-row inserts)"). Ours: the upload (CSV parsed), the preview
 * (PUT mapping: every row cleaned and checked, duplicates looked up) and the commit (batched
 * inserts: one transaction on PostgreSQL, short steps on PGlite) of server/imports. The peer, in the same run on a fresh
 * database: the same 10,000 rows, each customer, contact and site inserted one by one with
 * the CRUD's insertRecord (a transaction per record), as a script over the API would.
 */
import { commitImport, setMapping, startCommit } from '../server/imports/importService';
import { createImport, readImport, type ReadPayload } from '../server/imports/upload';
import { findJob } from '../server/jobs/queue';
import type { Db } from '../server/db/connection';
import { runList } from '../server/crud/listQuery';
import { parseListParams } from '../server/crud/listParams';
import { tableOf } from '../server/db/entityTables';
import { parseFile } from '../server/imports/parseFile';
import { insertRecord } from '../server/crud/records';
import { contacts, customers, sites } from '../src/schema';
import { recordFigure } from './figures';
import { onFreshDatabase, type BenchTarget } from './targets';
import '../server/hooks';

/** The import sizes measured: 10,000 and the documented limit, 50,000 (BENCH_IMPORT_ROWS=10000,50000). */
const SIZES = (process.env.BENCH_IMPORT_ROWS ?? '10000,50000').split(',').map(Number);
const ms = (value: number) => `${value.toFixed(0)} ms`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

function customerFile(ROWS: number): string {
  const lines = [
    'Customer Name,Address Line 1,City,State,ZIP,Contact Name,Phone,Email,Service Address,Service City,Service State,Service Zip',
  ];
  for (let i = 0; i < ROWS; i++) {
    lines.push(
      `Bench ${i},${i} Elm St,Trenton,New Jersey,${8600 + (i % 50)},Pat Bench${i},609555${String(i % 10000).padStart(4, '0')} x${i % 100},b${i}@bench.test,${i} Site Rd,Ewing,NJ,8618`,
    );
  }
  return lines.join('\n') + '\n';
}

/** Peak heap while `work` runs, sampled every 20 ms. */
async function withPeakHeap<T>(work: () => Promise<T>): Promise<{ result: T; peak: number }> {
  const base = process.memoryUsage().heapUsed;
  let peak = base;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().heapUsed)), 20);
  try {
    const result = await work();
    return { result, peak: Math.max(peak, process.memoryUsage().heapUsed) - base };
  } finally {
    clearInterval(timer);
  }
}

/** Another user's list while the office imports: a search of customers, a page of 20 and its count. */
async function timedList(db: Db): Promise<number> {
  const started = performance.now();
  await runList(db, customers, tableOf(customers.name), parseListParams(customers, { searchTerm: 'elm', limit: '20' }));
  return performance.now() - started;
}

const p99 = (times: number[]) => [...times].sort((a, b) => a - b)[Math.min(times.length - 1, Math.floor(times.length * 0.99))];

export async function importSuite(target: BenchTarget): Promise<void> {
  for (const [index, rows] of SIZES.entries()) await importOf(target, rows, index === 0);
}

/** One import of `ROWS` customers; the naive peer (row by row) only with `withPeer` (it takes minutes at 50,000). */
async function importOf(target: BenchTarget, ROWS: number, withPeer: boolean): Promise<void> {
  const content = Buffer.from(customerFile(ROWS)).toString('base64');
  const times = { upload: 0, preview: 0, commit: 0 };
  const others = { idle: [] as number[], during: [] as number[] };
  const peak = await onFreshDatabase(target, async ({ db, kind }) => {
    const { peak } = await withPeakHeap(async () => {
      let started = performance.now();
      // The upload and its reading job's work, run here (no job runner): the file read on this thread.
      const queued = await createImport(db, { kind: 'customers', fileName: 'bench.csv', content }, null, Date.now());
      const file = await readImport(db, (await findJob(db, queued.jobID))!.payload as ReadPayload, parseFile);
      times.upload = performance.now() - started;
      started = performance.now();
      const preview = await setMapping(db, file.id, { mapping: file.suggestedMapping, duplicates: 'skip' });
      times.preview = performance.now() - started;
      if (preview.valid !== ROWS)
        throw new Error(`bench file: ${preview.valid} valid rows of ${ROWS}: ${JSON.stringify(preview.invalid.slice(0, 3))}`);
      for (let i = 0; i < 30; i++) others.idle.push(await timedList(db));
      started = performance.now();
      // The job's work, run here (no job runner): steps of their own on PGlite, as the server does,
      // while another user lists customers one request after another.
      await startCommit(db, file.id, null, Date.now());
      let committing = true;
      const committed = commitImport(db, file.id, { inSteps: kind === 'pglite' }).finally(() => (committing = false));
      while (committing) {
        others.during.push(await timedList(db));
        // A request arrives on its own turn of the event loop (PGlite answers in microtasks).
        await new Promise((resolve) => setImmediate(resolve));
      }
      const result = await committed;
      times.commit = performance.now() - started;
      if (result.created !== ROWS) throw new Error(`bench commit created ${result.created}`);
    });
    return peak;
  });

  const ours = times.upload + times.preview + times.commit;
  const size = ROWS.toLocaleString('en-US');
  recordFigure({
    measure: `import ${size} customers (with a contact and a site each): rows per second, upload + preview + commit`,
    target,
    unit: 'rows/s',
    ours: ROWS / (ours / 1000),
    higherIsBetter: true,
  });
  recordFigure({
    measure: `another user's list while ${size} customers commit: p99`,
    target,
    unit: 'ms',
    ours: p99(others.during),
    peer: p99(others.idle),
    peerName: 'the same list, no import',
    higherIsBetter: false,
    limit: 1000,
  });
  console.log(`  import ${size} customers with a contact and a site each (CSV ${mb(content.length)} base64):`);
  console.log(
    `    upload ${ms(times.upload)} · preview ${ms(times.preview)} · commit ${ms(times.commit)} · total ${ms(ours)} (${(ROWS / (ours / 1000)).toFixed(0)} rows/s) · peak heap +${mb(peak)}`,
  );
  console.log(
    `    another user's list during the commit: p99 ${ms(p99(others.during))}, slowest ${ms(Math.max(...others.during))} over ${others.during.length} lists (idle p99 ${ms(p99(others.idle))})`,
  );
  if (!withPeer) return;
  const naive = await onFreshDatabase(target, async ({ db }) => {
    const started = performance.now();
    for (let i = 0; i < ROWS; i++) {
      const customerID = await insertRecord(db, customers, {
        name: `Bench ${i}`,
        address1: `${i} Elm St`,
        city: 'Trenton',
        state: 'NJ',
        zip: '08600',
      });
      await insertRecord(db, contacts, {
        customerID,
        firstName: 'Pat',
        lastName: `Bench${i}`,
        phone: '(609) 555-0000',
        phoneExtension: '1',
        email: `b${i}@bench.test`,
      });
      await insertRecord(db, sites, {
        customerID,
        name: `${i} Site Rd`,
        address1: `${i} Site Rd`,
        city: 'Ewing',
        state: 'NJ',
        zip: '08618',
      });
    }
    return performance.now() - started;
  });

  recordFigure({
    measure: `import ${ROWS.toLocaleString('en-US')} customers with contacts and sites: upload + preview + commit`,
    target,
    unit: 'ms',
    ours,
    peer: naive,
    peerName: 'row-by-row inserts',
    higherIsBetter: false,
  });
  console.log(
    `    naive peer, ${(ROWS * 3).toLocaleString('en-US')} records inserted one by one: ${ms(naive)} (${(naive / ours).toFixed(1)}× ours; commit alone ${(naive / times.commit).toFixed(1)}× faster)`,
  );
}
