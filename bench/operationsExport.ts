/**
 * Operations export (issue: 10,000 rows in under 1.5 s): seeds 10,000 sites with their
 * customers and services, then times what GET /api/operations/download does (the query and
 * the XLSX) against the same rows written as CSV and the query alone, in the same run.
 */
import Papa from 'papaparse';
import { sql } from 'drizzle-orm';
import type { Db } from '../server/db/connection';
import { operationsColumns, type OperationsExportRow } from '../src/schema/operations';
import { parseOperationsParams } from '../server/operations/operationsParams';
import { operationsForExport, operationsPage } from '../server/operations/operationsQuery';
import { operationsWorkbook } from '../server/documents/operationsWorkbook';
import { spreadsheetText } from '../src/domain/spreadsheetText';
import { recordFigure } from './figures';
import type { BenchTarget } from './targets';
import { onFreshDatabase } from './targets';

const SITES = Number(process.env.BENCH_OPERATIONS_SITES ?? 10_000);
const RUNS = Number(process.env.BENCH_OPERATIONS_RUNS ?? 7);
const TARGET_MS = 1500;

/** 4 sites per customer, 12 services, each site with 0–3 of them. */
export async function seedOperations(db: Db, sites: number): Promise<void> {
  const customers = Math.ceil(sites / 4);
  await db.execute(sql`
    INSERT INTO services (service_name, service_description, service_start_date, service_is_recurring)
    SELECT (ARRAY['Weekly Mowing','Snow Plowing','Salting','Mulching','Aeration','Overseeding','Leaf Cleanup',
                  'Hedge Trimming','Spring Cleanup','Fertilizing','Irrigation Check','Sidewalk Shoveling'])[i],
           '<p>Seeded</p>', now(), i % 2 = 0
    FROM generate_series(1, 12) AS s(i)
  `);
  await db.execute(sql`
    INSERT INTO customers (customer_name, customer_address_1, customer_city, customer_state, customer_zip, customer_type)
    SELECT (ARRAY['Acme','Birch','Cedar','Dogwood','Elm','Fern','Grove','Hollow'])[1 + i % 8] || ' '
             || (ARRAY['Lawn Care','Gardens','Property Services','Estates','HOA'])[1 + (i / 8) % 5] || ' ' || i,
           (i % 997) || ' Main St', (ARRAY['Trenton','Camden','Philadelphia','Wilmington','Princeton'])[1 + i % 5],
           (ARRAY['NJ','PA','DE'])[1 + i % 3], lpad((8000 + i % 999)::text, 5, '0'), i % 2
    FROM generate_series(1, ${customers}) AS s(i)
  `);
  await db.execute(sql`
    INSERT INTO sites (customer_id, site_name, site_address_1, site_city, site_state, site_zip)
    SELECT c.customer_id, 'Site ' || i || ' of ' || c.customer_name, (i % 991) || ' ' || (ARRAY['Oak Ave','Pine Rd','Market St','Maple Ct'])[1 + i % 4],
           (ARRAY['Trenton','Camden','Philadelphia','Wilmington','Princeton','Cherry Hill'])[1 + i % 6],
           (ARRAY['NJ','PA','DE'])[1 + i % 3], CASE WHEN i % 50 = 0 THEN NULL ELSE lpad((8000 + i % 997)::text, 5, '0') END
    FROM generate_series(1, ${sites}) AS s(i)
    JOIN customers c ON c.customer_id = 1 + (i - 1) / 4
  `);
  await db.execute(sql`
    INSERT INTO site_services (site_id, service_id)
    SELECT s.site_id, sv.service_id FROM sites s JOIN services sv ON (s.site_id + sv.service_id * 7) % 12 < 2
  `);
  await db.execute(sql`VACUUM ANALYZE`);
}

function operationsCsv(rows: OperationsExportRow[]): string {
  const data = rows.map((row) => operationsColumns.map((c) => spreadsheetText(row[c.source], 'csv')));
  return Papa.unparse({ fields: operationsColumns.map((c) => c.label), data });
}

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const start = performance.now();
  const value = await work();
  return { ms: performance.now() - start, value };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export async function operationsExportSuite(target: BenchTarget): Promise<void> {
  await onFreshDatabase(target, async (database) => {
    const { db } = database;
    const seeding = await timed(() => seedOperations(db, SITES));
    const params = parseOperationsParams({});
    const rows = await operationsForExport(db, params);
    const counted = (await db.execute(sql`SELECT count(*)::int AS assigned FROM site_services`)) as unknown as {
      rows: { assigned: number }[];
    };
    const { assigned } = counted.rows[0];
    console.log(
      `${target.label}: seeded ${rows.length.toLocaleString('en-US')} sites (${assigned.toLocaleString('en-US')} service assignments) in ${(seeding.ms / 1000).toFixed(1)} s`,
    );

    const query: number[] = [];
    const xlsx: number[] = [];
    const csv: number[] = [];
    const page: number[] = [];
    let bytes = 0;
    for (let run = 0; run < RUNS; run += 1) {
      // What the download route does: the query, then the workbook.
      const download = await timed(async () => operationsWorkbook(await operationsForExport(db, params)));
      xlsx.push(download.ms);
      bytes = download.value.length;
      const fetched = await timed(() => operationsForExport(db, params));
      query.push(fetched.ms);
      csv.push((await timed(async () => operationsCsv(await operationsForExport(db, params)))).ms);
      page.push((await timed(() => operationsPage(db, parseOperationsParams({ limit: '20', offset: '100' })))).ms);
    }
    const line = (label: string, runs: number[]) =>
      console.log(`  ${label.padEnd(56)} ${median(runs).toFixed(0).padStart(6)} ms  (best ${Math.min(...runs).toFixed(0)} ms)`);
    line(`XLSX of all ${rows.length.toLocaleString('en-US')} rows, query included (${(bytes / 1024).toFixed(0)} KiB)`, xlsx);
    line('same rows as CSV, query included (peer)', csv);
    line('the query alone (peer)', query);
    line('a list page of 20 with its count (GET /api/operations)', page);
    const [x, q, c] = [median(xlsx), median(query), median(csv)];
    console.log(`  ratio XLSX / CSV: ${(x / c).toFixed(2)}x; XLSX / query: ${(x / q).toFixed(2)}x (medians of ${RUNS} runs)`);
    recordFigure({
      measure: `operations XLSX, ${rows.length.toLocaleString('en-US')} rows`,
      target,
      unit: 'ms (median)',
      ours: x,
      peer: c,
      peerName: 'same rows as CSV',
      limit: TARGET_MS,
      higherIsBetter: false,
    });
    console.log(`  target < ${TARGET_MS} ms for ${SITES.toLocaleString('en-US')} rows (median): ${x < TARGET_MS ? 'met' : 'NOT MET'}`);
  });
}
