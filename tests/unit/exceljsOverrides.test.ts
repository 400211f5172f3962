/**
 * package.json overrides exceljs's unzipper (^0.12.3) and fast-csv (^5) to drop deprecated
 * packages. exceljs reads XLSX streams with unzipper and reads and writes CSV with fast-csv:
 * both paths are exercised here, with the operations workbook the server sends.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { OPERATIONS_SHEET, operationsWorkbook } from '../../server/documents/operationsWorkbook';
import { operationsColumns, type OperationsExportRow } from '../../src/schema/operations';

const require = createRequire(import.meta.url);
const versionOf = (name: string, from?: string) => {
  const path = require.resolve(`${name}/package.json`, from ? { paths: [from] } : undefined);
  return (JSON.parse(readFileSync(path, 'utf8')) as { version: string }).version;
};

describe('exceljs with the overridden unzipper and fast-csv', () => {
  it('resolves the versions the overrides ask for, from exceljs itself', () => {
    const exceljsDir = require.resolve('exceljs/package.json').replace(/package\.json$/, '');
    expect(versionOf('exceljs')).toMatch(/^4\./);
    expect(versionOf('unzipper', exceljsDir)).toMatch(/^0\.12\.(\d+)$/);
    expect(Number(versionOf('unzipper', exceljsDir).split('.')[2])).toBeGreaterThanOrEqual(3);
    expect(versionOf('fast-csv', exceljsDir)).toMatch(/^5\./);
  });

  it('the operations XLSX reads back through the streaming reader (unzipper), values equal', async () => {
    const rows: OperationsExportRow[] = [0, 1, 2].map(
      (n) =>
        Object.fromEntries(
          operationsColumns.map((column) => [
            column.source,
            n === 1 && column.source === operationsColumns[1].source ? null : `${column.label} ${n} — é`,
          ]),
        ) as OperationsExportRow,
    );
    const buffer = await operationsWorkbook(rows);
    const read: string[][] = [];
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(buffer), { sharedStrings: 'cache', worksheets: 'emit' });
    for await (const sheet of reader) {
      expect((sheet as unknown as { name: string }).name).toBe(OPERATIONS_SHEET);
      for await (const row of sheet) {
        const values = (row.values as unknown[]).slice(1);
        read.push(operationsColumns.map((_, i) => (values[i] ?? '') as string));
      }
    }
    expect(read[0]).toEqual(operationsColumns.map((column) => column.label));
    expect(read.slice(1)).toEqual(rows.map((row) => operationsColumns.map((column) => row[column.source] ?? '')));
  });

  it('the operations XLSX also loads in memory', async () => {
    const buffer = await operationsWorkbook([Object.fromEntries(operationsColumns.map((c) => [c.source, 'x'])) as OperationsExportRow]);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
    expect(workbook.getWorksheet(OPERATIONS_SHEET)?.getRow(2).getCell(1).value).toBe('x');
  });

  it('a CSV round-trips through exceljs (fast-csv)', async () => {
    const data = [
      ['Name', 'City', 'Amount'],
      ['Acme, "Lawns"', 'Cherry Hill', 12.5],
      ['Café Verde', 'Philadelphia\nPA', 3],
    ];
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Sheet1').addRows(data);
    const csv = await workbook.csv.writeBuffer();
    const back = new ExcelJS.Workbook();
    const sheet = await back.csv.read(Readable.from(Buffer.from(csv)));
    const values = sheet
      .getSheetValues()
      .slice(1)
      .map((row) => (row as unknown[]).slice(1));
    expect(values).toEqual(data);
  });
});
