import { PassThrough, Readable } from 'node:stream';
import Papa from 'papaparse';
import type { ExportColumn, ExportFormat } from '../../src/schema/listExport';
import { officeDate } from '../../src/domain/officeDate';
import { UTF8_BOM } from './contactsCsv';
import { spreadsheetText } from './spreadsheetText';

type Row = Record<string, unknown>;

/** The value of one exported cell: a date as the office's day, numbers as numbers, text guarded. */
function cellValue(row: Row, column: ExportColumn, format: ExportFormat): string | number | boolean {
  const value = row[column.source];
  if (column.date && value !== null && value !== undefined) {
    const date = value instanceof Date ? value : new Date(String(value));
    return Number.isNaN(date.getTime()) ? '' : officeDate(date);
  }
  if (value instanceof Date) return value.toISOString();
  // A typed number or boolean cell is never read as a formula (CSV writes its digits).
  if (format === 'xlsx' && (typeof value === 'number' || typeof value === 'boolean')) return value;
  return spreadsheetText(value, format);
}

/**
 * A list's rows as a CSV file, written page by page as they are read: RFC 4180 (papaparse)
 * with CRLF line ends, UTF-8 with a BOM, every text cell through the formula guard.
 */
export function csvStream(columns: ExportColumn[], pages: AsyncIterable<Row[]>): Readable {
  async function* lines(): AsyncGenerator<string> {
    yield UTF8_BOM + Papa.unparse([columns.map((c) => c.label)], { newline: '\r\n' }) + '\r\n';
    for await (const page of pages) {
      if (!page.length) continue;
      const data = page.map((row) => columns.map((column) => cellValue(row, column, 'csv')));
      yield Papa.unparse(data, { newline: '\r\n' }) + '\r\n';
    }
  }
  return Readable.from(lines(), { objectMode: false });
}

/**
 * A list's rows as an XLSX workbook, written with exceljs's streaming writer page by page
 * (inline strings, no shared-string table held in memory), waiting for the reader between
 * pages. A bold frozen header; text cells are typed strings, never formulas.
 */
export function xlsxStream(
  columns: ExportColumn[],
  pages: AsyncIterable<Row[]>,
  sheetName: string,
  onError: (error: unknown) => void,
): Readable {
  const output = new PassThrough();
  const write = async () => {
    const { default: ExcelJS } = await import('exceljs');
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
    workbook.creator = 'Yardstick';
    const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.columns = columns.map((column) => ({ header: column.label, width: Math.max(column.label.length + 2, 12) }));
    sheet.getRow(1).font = { bold: true };
    sheet.getRow(1).commit();
    for await (const page of pages) {
      for (const row of page) sheet.addRow(columns.map((column) => cellValue(row, column, 'xlsx'))).commit();
      if (output.writableNeedDrain) await new Promise((resolve) => output.once('drain', resolve));
    }
    sheet.commit();
    await workbook.commit();
  };
  write().catch((error: unknown) => {
    onError(error);
    output.destroy(error instanceof Error ? error : new Error('Export failed'));
  });
  return output;
}
