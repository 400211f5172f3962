import { cleanText, isEmptyRow } from '../../src/domain/importing/cleaning';
import { IMPORT_MAX_COLUMNS, IMPORT_MAX_ROWS } from '../../src/domain/importing/targets';
import { badRequest } from '../errors';
import { CELL_MAX, cellTooLong, TOO_MANY_COLUMNS, TOO_MANY_ROWS } from './importLimits';

/**
 * An uploaded import file read into its columns and rows (issue 25). Every cell is kept as
 * text: a formula is never evaluated, a number is its decimal text.
 */
export interface ParsedFile {
  /** The header row, trimmed, made unique ("Phone", "Phone (2)"), blank ones "Column 3". */
  columns: string[];
  /** Each non-empty data row: its row number in the file (the header is row 1), then its cells. */
  rows: ParsedRow[];
}

export type ParsedRow = [number, ...(string | null)[]];

/** Columns made unique and safe to show; rows of text, empty ones dropped, with their row numbers. */
export function tabulate(grid: (string | null)[][], rowNumberOf: (index: number) => number): ParsedFile {
  const headerIndex = grid.findIndex((cells) => !isEmptyRow(cells));
  if (headerIndex < 0) throw badRequest('The file has no rows.');
  const header = grid[headerIndex];
  if (header.length > IMPORT_MAX_COLUMNS) throw badRequest(TOO_MANY_COLUMNS);
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
      if (cell !== null && cell.length > CELL_MAX) throw badRequest(cellTooLong(rowNumberOf(i)));
      row.push(cell === null || cell === '' ? null : cell.replaceAll('\u0000', ''));
    }
    rows.push(row);
  }
  if (rows.length === 0) throw badRequest('The file has a header row but no data rows.');
  return { columns, rows };
}
