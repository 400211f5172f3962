import Papa from 'papaparse';
import type { CellValue } from 'exceljs';
import { cleanText, isEmptyRow } from '../../src/domain/importing/cleaning';
import { IMPORT_MAX_BYTES, IMPORT_MAX_COLUMNS, IMPORT_MAX_ROWS } from '../../src/domain/importing/targets';
import { badRequest } from '../errors';

/**
 * An uploaded import file read into its columns and rows (issue 25): CSV (UTF-8 with or without
 * a byte order mark, else Windows-1252; comma, semicolon or tab, found by papaparse) or XLSX
 * (its first sheet, by exceljs). Every cell is kept as text: a formula is never evaluated (an
 * XLSX formula cell gives the value the sheet saved, or its formula as text), a number is its
 * decimal text. Anything else is a 400 with a message; nothing here writes.
 */
export interface ParsedFile {
  /** The header row, trimmed, made unique ("Phone", "Phone (2)"), blank ones "Column 3". */
  columns: string[];
  /** Each non-empty data row: its row number in the file (the header is row 1), then its cells. */
  rows: ParsedRow[];
}

export type ParsedRow = [number, ...(string | null)[]];

/** Longest text kept in a cell: more than any field holds (notes 65,535), so a longer one is refused. */
const CELL_MAX = 70_000;

const TOO_LARGE = `The file is larger than ${IMPORT_MAX_BYTES / 1024 / 1024} MB.`;
const TOO_MANY_ROWS = `The file has more than ${IMPORT_MAX_ROWS.toLocaleString('en-US')} rows.`;
const NOT_READABLE = 'The file is not a CSV or XLSX file.';

/** The file's bytes from its base64 text (a data: URL prefix allowed); 400 when not base64 or too large. */
export function decodeContent(content: unknown): Buffer {
  if (typeof content !== 'string' || content.trim() === '') throw badRequest('The file content is required (base64).');
  const base64 = content.replace(/^data:[^,]*;base64,/, '').replace(/\s+/g, '');
  if (base64.length > Math.ceil(IMPORT_MAX_BYTES / 3) * 4) throw badRequest(TOO_LARGE);
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(base64) || base64.length % 4 === 1) throw badRequest('The file content is not valid base64.');
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length === 0) throw badRequest('The file is empty.');
  if (bytes.length > IMPORT_MAX_BYTES) throw badRequest(TOO_LARGE);
  return bytes;
}

const isZip = (bytes: Buffer) => bytes.length > 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;

/**
 * Windows-1252's 0x80–0x9F (€, curly quotes, dashes…), where it differs from Latin-1; Node's
 * TextDecoder without full ICU decodes 'windows-1252' as Latin-1 and leaves them controls.
 */
const CP1252_HIGH = [
  0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152, 0x8d, 0x17d, 0x8f, 0x90, 0x2018, 0x2019,
  0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122, 0x161, 0x203a, 0x153, 0x9d, 0x17e, 0x178,
];

function decodeWindows1252(bytes: Uint8Array): string {
  return Buffer.from(bytes)
    .toString('latin1')
    .replace(/[\u0080-\u009f]/g, (c) => String.fromCharCode(CP1252_HIGH[c.charCodeAt(0) - 0x80]));
}

/** UTF-8 when the bytes are (strictly), else Windows-1252, which every byte decodes in. */
export function decodeText(bytes: Uint8Array): string {
  const body = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.subarray(3) : bytes;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    return decodeWindows1252(body);
  }
}

/** Text files have no NUL and few control characters; anything else is binary. */
function looksBinary(bytes: Buffer): boolean {
  const sample = bytes.subarray(0, 8192);
  let control = 0;
  for (const byte of sample) {
    if (byte === 0) return true;
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d && byte !== 0x0c) control++;
  }
  return control > sample.length / 100;
}

/** Columns made unique and safe to show; rows of text, empty ones dropped, with their row numbers. */
function tabulate(grid: (string | null)[][], rowNumberOf: (index: number) => number): ParsedFile {
  const headerIndex = grid.findIndex((cells) => !isEmptyRow(cells));
  if (headerIndex < 0) throw badRequest('The file has no rows.');
  const header = grid[headerIndex];
  if (header.length > IMPORT_MAX_COLUMNS) throw badRequest(`The file has more than ${IMPORT_MAX_COLUMNS} columns.`);
  const seen = new Map<string, number>();
  const columns = header.map((cell, i) => {
    const base = (cleanText(cell) ?? `Column ${i + 1}`).slice(0, 200);
    const n = (seen.get(base.toLowerCase()) ?? 0) + 1;
    seen.set(base.toLowerCase(), n);
    return n === 1 ? base : `${base} (${n})`;
  });
  const rows: ParsedRow[] = [];
  for (let i = headerIndex + 1; i < grid.length; i++) {
    const cells = grid[i];
    if (isEmptyRow(cells)) continue;
    if (rows.length >= IMPORT_MAX_ROWS) throw badRequest(TOO_MANY_ROWS);
    const row: ParsedRow = [rowNumberOf(i)];
    for (let c = 0; c < columns.length; c++) {
      const cell = cells[c] ?? null;
      if (cell !== null && cell.length > CELL_MAX)
        throw badRequest(`Row ${rowNumberOf(i)} has a cell longer than ${CELL_MAX.toLocaleString('en-US')} characters.`);
      row.push(cell === null || cell === '' ? null : cell.replaceAll('\u0000', ''));
    }
    rows.push(row);
  }
  if (rows.length === 0) throw badRequest('The file has a header row but no data rows.');
  return { columns, rows };
}

export function parseCsv(bytes: Buffer): ParsedFile {
  if (looksBinary(bytes)) throw badRequest(NOT_READABLE);
  const text = decodeText(bytes);
  // papaparse guesses the delimiter from the first rows, blank lines left out (they would make every guess look uneven);
  // the file is then read with its blank lines so row numbers stay those of the file.
  const delimiter = Papa.parse<string[]>(text, { delimitersToGuess: [',', ';', '\t'], skipEmptyLines: 'greedy', preview: 50 }).meta
    .delimiter;
  const parsed = Papa.parse<string[]>(text, { delimiter, skipEmptyLines: false });
  const broken = parsed.errors.find((e) => e.type === 'Quotes');
  if (broken) throw badRequest(`The file's quotes do not close (row ${(broken.row ?? 0) + 1}).`);
  if (parsed.data.length > IMPORT_MAX_ROWS + 1 && parsed.data.filter((r) => !isEmptyRow(r)).length > IMPORT_MAX_ROWS + 1) {
    throw badRequest(TOO_MANY_ROWS);
  }
  // papaparse's row index is the record's; a quoted line break makes it differ from the line, which users do not see.
  return tabulate(parsed.data, (i) => i + 1);
}

/** An XLSX cell as text: what the sheet shows, never a formula's evaluation. */
function cellText(value: CellValue): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : null;
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('richText' in value && Array.isArray(value.richText)) return value.richText.map((r) => r.text ?? '').join('');
    if ('formula' in value || 'sharedFormula' in value) {
      const result = (value as { result?: CellValue }).result;
      if (result !== undefined && result !== null && typeof result !== 'object') return cellText(result);
      return `=${String((value as { formula?: string }).formula ?? '')}`;
    }
    if ('text' in value) return typeof value.text === 'string' ? value.text : cellText(value.text as CellValue);
    if ('error' in value) return null;
  }
  return null;
}

export async function parseXlsx(bytes: Buffer): Promise<ParsedFile> {
  // Loaded on the first XLSX import: exceljs leaves the server about 20 MB larger for good.
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw badRequest('The file is not a readable XLSX workbook.');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw badRequest('The workbook has no sheet.');
  if (sheet.actualRowCount > IMPORT_MAX_ROWS + 1) throw badRequest(TOO_MANY_ROWS);
  const width = Math.min(sheet.columnCount, IMPORT_MAX_COLUMNS + 1);
  const grid: (string | null)[][] = [];
  const numbers: number[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    const cells: (string | null)[] = [];
    for (let c = 1; c <= width; c++) cells.push(cellText(row.getCell(c).value));
    grid.push(cells);
    numbers.push(rowNumber);
  });
  return tabulate(grid, (i) => numbers[i]);
}

/** The file read by its content (a ZIP is an XLSX whatever its name says). */
export async function parseFile(bytes: Buffer): Promise<ParsedFile> {
  return isZip(bytes) ? parseXlsx(bytes) : parseCsv(bytes);
}
