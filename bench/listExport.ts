/**
 * Export of a list (issue 25: 100,000 customers without holding them all in memory): what
 * GET /api/customers/export does — read the list's rows in pages and write each page to the
 * stream — against a naive peer that reads every row at once and builds the whole file in
 * memory, in the same run. Time and peak memory (rss and heapUsed, sampled every 10 ms, above
 * the level before each run) for CSV and XLSX.
 */
import { Writable, pipeline } from 'node:stream';
import { promisify } from 'node:util';
import Papa from 'papaparse';
import { customers } from '../src/schema';
import { tableOf } from '../server/db/entityTables';
import type { Db } from '../server/db/connection';
import { parseListParams } from '../server/crud/listParams';
import { runList } from '../server/crud/listQuery';
import { exportFileColumns, exportPages } from '../server/crud/listExport';
import { exportEncoder, exportStream } from '../server/documents/listExportFile';
import { spreadsheetText } from '../src/domain/spreadsheetText';
import { seedCustomers } from './seedCustomers';
import { recordFigure } from './figures';
import { onFreshDatabase, type BenchTarget } from './targets';

const ROWS = Number(process.env.BENCH_EXPORT_ROWS ?? 100_000);
const run = promisify(pipeline);

interface Measured {
  ms: number;
  rssMiB: number;
  heapMiB: number;
  bytes: number;
}

/** Runs `work` while sampling memory; peaks are above the level when it started. */
async function measured(work: () => Promise<number>): Promise<Measured> {
  (globalThis as { gc?: () => void }).gc?.();
  const base = process.memoryUsage();
  let rss = base.rss;
  let heap = base.heapUsed;
  const sample = () => {
    const now = process.memoryUsage();
    rss = Math.max(rss, now.rss);
    heap = Math.max(heap, now.heapUsed);
  };
  const timer = setInterval(sample, 10);
  const start = performance.now();
  const bytes = await work();
  const ms = performance.now() - start;
  sample();
  clearInterval(timer);
  return { ms, rssMiB: (rss - base.rss) / 2 ** 20, heapMiB: (heap - base.heapUsed) / 2 ** 20, bytes };
}

/** A sink that counts what reaches it, as the client's socket would. */
function counter(): { sink: Writable; bytes: () => number } {
  let total = 0;
  const sink = new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      total += Buffer.byteLength(chunk);
      done();
    },
  });
  return { sink, bytes: () => total };
}

const columns = exportFileColumns(customers);

async function streamed(db: Db, format: 'csv' | 'xlsx'): Promise<number> {
  const params = parseListParams(customers, {});
  const pages = exportPages(db, customers, params);
  const { sink, bytes } = counter();
  const body = exportStream(exportEncoder({ format, columns, sheetName: 'Customers' }), pages, (error) => console.error(error));
  await run(body, sink);
  return bytes();
}

/** The naive peer: every row in one query, the whole file built in memory, then sent. */
async function naive(db: Db, format: 'csv' | 'xlsx'): Promise<number> {
  const { rows } = await runList(db, customers, tableOf(customers.name), parseListParams(customers, {}));
  if (format === 'csv') {
    const data = rows.map((row) => columns.map((c) => spreadsheetText(row[c.source], 'csv')));
    return Buffer.byteLength(Papa.unparse({ fields: columns.map((c) => c.label), data }));
  }
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Customers');
  sheet.addRow(columns.map((c) => c.label));
  for (const row of rows) sheet.addRow(columns.map((c) => spreadsheetText(row[c.source], 'xlsx')));
  return (await workbook.xlsx.writeBuffer()).byteLength;
}

export async function listExportSuite(target: BenchTarget): Promise<void> {
  await onFreshDatabase(target, async ({ db }) => {
    await seedCustomers(db, ROWS);
    console.log(`${target.label}: ${ROWS.toLocaleString('en-US')} customers`);
    for (const format of ['csv', 'xlsx'] as const) {
      const ours = await measured(() => streamed(db, format));
      const peer = await measured(() => naive(db, format));
      const line = (label: string, m: Measured) =>
        console.log(
          `  ${label.padEnd(40)} ${(m.ms / 1000).toFixed(2).padStart(6)} s  peak +${m.rssMiB.toFixed(0)} MiB rss, +${m.heapMiB.toFixed(0)} MiB heap  (${(m.bytes / 2 ** 20).toFixed(1)} MiB file)`,
        );
      line(`${format.toUpperCase()} streamed in pages (ours)`, ours);
      line(`${format.toUpperCase()} built in memory (naive peer)`, peer);
      const measure = `export of ${ROWS.toLocaleString('en-US')} customers, ${format.toUpperCase()}`;
      recordFigure({
        measure: `${measure}, time`,
        target,
        unit: 's',
        ours: ours.ms / 1000,
        peer: peer.ms / 1000,
        peerName: 'whole file in memory',
        higherIsBetter: false,
      });
      recordFigure({
        measure: `${measure}, peak heap`,
        target,
        unit: 'MiB',
        ours: ours.heapMiB,
        peer: peer.heapMiB,
        peerName: 'whole file in memory',
        higherIsBetter: false,
      });
    }
  });
}
