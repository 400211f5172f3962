import { PassThrough, Readable } from 'node:stream';
import Papa from 'papaparse';
import type { ExportColumn, ExportFormat } from '../../src/schema/listExport';
import { officeDate } from '../../src/domain/officeDate';
import { choiceLabel } from '../../src/domain/choiceLabels';
import { customCellValue } from '../../src/schema/customFields';
import { formatValue } from '../../src/domain/valueFormats';
import { UTF8_BOM } from './contactsCsv';
import { spreadsheetText } from '../../src/domain/spreadsheetText';

/**
 * One column of an export file: the list's column, and whether the database writes it as an
 * instant (a timestamp, which a page carries as ISO 8601 text).
 */
export interface ExportFileColumn extends ExportColumn {
  instant?: boolean;
}

/**
 * A page of an export as the database writes it (server/crud/listExport.ts): a JSON array of
 * rows, each an array of the file's columns' values in their order. One text per page, so that
 * the event loop neither decodes every value nor copies every row to the worker thread: the
 * page is parsed here, where the file is written.
 */
export type ExportPage = string;

/**
 * The value of one exported cell as the list shows it: a named format's (from the values it
 * reads, an array), a choice's label, a date as the office's day; numbers as numbers, text guarded.
 */
function cellValue(cell: unknown, column: ExportFileColumn, format: ExportFormat): string | number | boolean {
  let value = cell;
  if (column.shownAs) value = formatValue(column.shownAs, Array.isArray(cell) ? cell : []);
  else if (column.choiceLabels) value = choiceLabel(column.choiceLabels, cell);
  else if (column.custom) value = customCellValue(column.custom.kind, cell);
  if ((column.date || column.instant) && typeof value === 'string') {
    const date = new Date(value);
    if (Number.isNaN(date.getTime())) return '';
    return column.date ? officeDate(date) : date.toISOString();
  }
  // A typed number or boolean cell is never read as a formula (CSV writes its digits).
  if (format === 'xlsx' && (typeof value === 'number' || typeof value === 'boolean')) return value;
  return spreadsheetText(value, format);
}

const rowsOf = (page: ExportPage) => JSON.parse(page) as unknown[][];
const cellsOf = (row: unknown[], columns: ExportFileColumn[], format: ExportFormat) =>
  columns.map((column, index) => cellValue(row[index], column, format));

/** What an export file is made of, a page of rows at a time. */
export interface ExportFileSpec {
  format: ExportFormat;
  columns: ExportFileColumn[];
  /** The XLSX sheet's name (at most 31 characters). */
  sheetName: string;
}

/** Writes one export file: each call answers the bytes that are ready. */
export interface ExportEncoder {
  page(page: ExportPage): Promise<Uint8Array>;
  end(): Promise<Uint8Array>;
  /** The file will not be finished (the download was cancelled or failed). */
  /** Stops it; what it held is given back (the slot of a pooled one, once its answer resolves). */
  abort(): void | Promise<void>;
}

/** RFC 4180 (papaparse) with CRLF line ends, UTF-8 with a BOM, every text cell guarded. */
function csvEncoder(columns: ExportFileColumn[]): ExportEncoder {
  let header: string | undefined = UTF8_BOM + Papa.unparse([columns.map((c) => c.label)], { newline: '\r\n' }) + '\r\n';
  const takeHeader = () => {
    const text = header ?? '';
    header = undefined;
    return text;
  };
  return {
    async page(page) {
      const data = rowsOf(page).map((row) => cellsOf(row, columns, 'csv'));
      return Buffer.from(takeHeader() + (data.length ? Papa.unparse(data, { newline: '\r\n' }) + '\r\n' : ''));
    },
    async end() {
      return Buffer.from(takeHeader());
    },
    abort() {},
  };
}

/**
 * exceljs's streaming writer (inline strings, no shared-string table held in memory): a bold
 * frozen header; text cells are typed strings, never formulas. The zip it writes is collected
 * as it comes out and handed over page by page.
 */
function xlsxEncoder(columns: ExportFileColumn[], sheetName: string): ExportEncoder {
  const output = new PassThrough();
  let written: Buffer[] = [];
  output.on('data', (chunk: Buffer) => written.push(chunk));
  const take = () => {
    const bytes = Buffer.concat(written);
    written = [];
    return bytes;
  };
  const opened = (async () => {
    const { default: ExcelJS } = await import('exceljs');
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
    workbook.creator = 'Yardstick';
    const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.columns = columns.map((column) => ({ header: column.label, width: Math.max(column.label.length + 2, 12) }));
    sheet.getRow(1).font = { bold: true };
    sheet.getRow(1).commit();
    return { workbook, sheet };
  })();
  // Awaited by page() and end(); an abort before either must not leave it unhandled.
  opened.catch(() => undefined);
  return {
    async page(page) {
      const { sheet } = await opened;
      for (const row of rowsOf(page)) sheet.addRow(cellsOf(row, columns, 'xlsx')).commit();
      // The zip's compression answers on a later turn: let it hand over what it has.
      await new Promise((resolve) => setImmediate(resolve));
      return take();
    },
    async end() {
      const { workbook, sheet } = await opened;
      sheet.commit();
      await workbook.commit();
      return take();
    },
    abort() {
      output.destroy();
      written = [];
    },
  };
}

export function exportEncoder({ format, columns, sheetName }: ExportFileSpec): ExportEncoder {
  return format === 'csv' ? csvEncoder(columns) : xlsxEncoder(columns, sheetName.slice(0, 31));
}

/**
 * The file as a stream, written page by page as the pages are read: the next page is read only
 * once the reader has taken the last one's bytes, so an export of any size holds one page.
 */
export function exportStream(encoder: ExportEncoder, pages: AsyncIterable<ExportPage>, onError: (error: unknown) => void): Readable {
  let finished = false;
  async function* chunks(): AsyncGenerator<Uint8Array> {
    try {
      for await (const page of pages) {
        const bytes = await encoder.page(page);
        if (bytes.length) yield bytes;
      }
      const rest = await encoder.end();
      finished = true;
      if (rest.length) yield rest;
    } catch (error) {
      onError(error);
      throw error;
    } finally {
      if (!finished) encoder.abort();
    }
  }
  return Readable.from(chunks(), { objectMode: false });
}
