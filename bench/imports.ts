/**
 * Imports (issue 25: "import preview and commit of 10,000 customers with contacts and sites
 * against a naive peer (row-by-row inserts)"). Ours: the upload (CSV parsed), the preview
 * (PUT mapping: every row cleaned and checked, duplicates looked up) and the commit (batched
 * inserts: one transaction on PostgreSQL, short steps on PGlite) of server/imports. The peer, in the same run on a fresh
 * database: the same 10,000 rows, each customer, contact and site inserted one by one with
 * the CRUD's insertRecord (a transaction per record), as a script over the API would.
 */
import { createImport, commitImport, setMapping, startCommit } from '../server/imports/importService';
import { parseFile } from '../server/imports/parseFile';
import { insertRecord } from '../server/crud/records';
import { contacts, customers, sites } from '../src/schema';
import { recordFigure } from './figures';
import { onFreshDatabase, type BenchTarget } from './targets';

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 10_000);
const ms = (value: number) => `${value.toFixed(0)} ms`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

function customerFile(): string {
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

export async function importSuite(target: BenchTarget): Promise<void> {
  const content = Buffer.from(customerFile()).toString('base64');
  const times = { upload: 0, preview: 0, commit: 0 };
  const peak = await onFreshDatabase(target, async ({ db, kind }) => {
    const { peak } = await withPeakHeap(async () => {
      let started = performance.now();
      const file = await createImport(db, { kind: 'customers', fileName: 'bench.csv', content }, undefined, parseFile);
      times.upload = performance.now() - started;
      started = performance.now();
      const preview = await setMapping(db, file.id, { mapping: file.suggestedMapping, duplicates: 'skip' });
      times.preview = performance.now() - started;
      if (preview.valid !== ROWS)
        throw new Error(`bench file: ${preview.valid} valid rows of ${ROWS}: ${JSON.stringify(preview.invalid.slice(0, 3))}`);
      started = performance.now();
      // The job's work, run here (no job runner): steps of their own on PGlite, as the server does.
      await startCommit(db, file.id, null, Date.now());
      const result = await commitImport(db, file.id, { inSteps: kind === 'pglite' });
      times.commit = performance.now() - started;
      if (result.created !== ROWS) throw new Error(`bench commit created ${result.created}`);
    });
    return peak;
  });

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

  const ours = times.upload + times.preview + times.commit;
  recordFigure({
    measure: `import ${ROWS.toLocaleString('en-US')} customers with contacts and sites: upload + preview + commit`,
    target,
    unit: 'ms',
    ours,
    peer: naive,
    peerName: 'row-by-row inserts',
    higherIsBetter: false,
  });
  console.log(`  import ${ROWS.toLocaleString('en-US')} customers with a contact and a site each (CSV ${mb(content.length)} base64):`);
  console.log(
    `    upload ${ms(times.upload)} · preview ${ms(times.preview)} · commit ${ms(times.commit)} · total ${ms(ours)} · peak heap +${mb(peak)}`,
  );
  console.log(
    `    naive peer, ${(ROWS * 3).toLocaleString('en-US')} records inserted one by one: ${ms(naive)} (${(naive / ours).toFixed(1)}× ours; commit alone ${(naive / times.commit).toFixed(1)}× faster)`,
  );
}
