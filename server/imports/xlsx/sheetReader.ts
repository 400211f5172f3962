import { badRequest } from '../../errors';
import { IMPORT_MAX_COLUMNS, IMPORT_MAX_ROWS } from '../../../src/domain/importing/targets';
import { isEmptyRow } from '../../../src/domain/importing/cleaning';
import {
  CELL_MAX,
  cellTooLong,
  inflatesTooLarge,
  MERGES_MAX,
  SHEET_XML_MAX,
  TEXT_MAX,
  TOO_MANY_COLUMNS,
  TOO_MANY_MERGES,
  TOO_MANY_ROWS,
  TOO_MUCH_TEXT,
} from '../importLimits';
import { cellText, decodeEscapedCharacters, type CellContext, type RawCell } from './cellValue';
import { readXmlEntry } from './xmlEntry';
import type { ZipEntry } from './zipEntries';

export interface SheetContext extends CellContext {
  isDateStyle(styleId: number): boolean;
}

/** The sheet's rows with a value, by row number, each as wide as the widest (exceljs's columnCount). */
export interface SheetGrid {
  cells: (string | null)[][];
  rowNumbers: number[];
}

/** `AB12` → 28. */
function columnOf(reference: string | undefined): number | undefined {
  const letters = reference && /^\$?([A-Za-z]{1,3})\$?\d*$/.exec(reference)?.[1];
  if (!letters) return undefined;
  let column = 0;
  for (const letter of letters.toUpperCase()) column = column * 26 + letter.charCodeAt(0) - 64;
  return column;
}

const rowOf = (reference: string) => parseInt(/\d+$/.exec(reference)?.[0] ?? '', 10);

interface RowState {
  number: number;
  cells: (string | null)[];
  lastColumn: number;
  hasValue: boolean;
}

/**
 * The sheet's rows kept while it streams, each check made as soon as it can fail: more than
 * IMPORT_MAX_ROWS rows with a value (and the header), a row with a value past
 * IMPORT_MAX_COLUMNS, a data cell longer than CELL_MAX, more than TEXT_MAX characters in all.
 */
class SheetRows {
  readonly rows = new Map<number, RowState>();
  width = 0;
  private rowsWithValue = 0;
  private characters = 0;
  private seenContent = false;

  row(number: number): RowState {
    let row = this.rows.get(number);
    if (!row) {
      row = { number, cells: [], lastColumn: 0, hasValue: false };
      this.rows.set(number, row);
    }
    return row;
  }

  setCell(row: RowState, column: number, text: string | null): void {
    row.lastColumn = Math.max(row.lastColumn, column);
    if (text === null || column > IMPORT_MAX_COLUMNS) return;
    this.characters += text.length - (row.cells[column - 1]?.length ?? 0);
    if (this.characters > TEXT_MAX) throw badRequest(TOO_MUCH_TEXT);
    // The header (the first row with content) may hold a long cell: it is cut to a column name.
    if (text.length > CELL_MAX && this.seenContent) throw badRequest(cellTooLong(row.number));
    while (row.cells.length < column - 1) row.cells.push(null);
    row.cells[column - 1] = text;
  }

  /** A row that has a value counts towards the rows. */
  markValued(row: RowState): void {
    if (row.hasValue) return;
    row.hasValue = true;
    if (++this.rowsWithValue > IMPORT_MAX_ROWS + 1) throw badRequest(TOO_MANY_ROWS);
  }

  /** A row with a value sets the sheet's width with its last cell, even an empty one (exceljs's cellCount). */
  endRow(row: RowState): void {
    if (!row.hasValue) {
      this.rows.delete(row.number);
      return;
    }
    if (row.lastColumn > IMPORT_MAX_COLUMNS) throw badRequest(TOO_MANY_COLUMNS);
    this.width = Math.max(this.width, row.lastColumn);
    if (!isEmptyRow(row.cells)) this.seenContent = true;
  }

  /** A merged range: each of its cells shows the first's value, as exceljs reads it. */
  merge(range: string): void {
    const [from, to = from] = range.split(':');
    const [firstRow, lastRow, firstColumn, lastColumn] = [rowOf(from), rowOf(to), columnOf(from), columnOf(to)];
    if (!firstRow || !lastRow || !firstColumn || !lastColumn || lastRow < firstRow || lastColumn < firstColumn) return;
    if (lastColumn > IMPORT_MAX_COLUMNS) throw badRequest(TOO_MANY_COLUMNS);
    const master = this.rows.get(firstRow)?.cells[firstColumn - 1] ?? null;
    if (!master) return;
    for (let number = firstRow; number <= lastRow; number++) {
      const row = this.row(number);
      for (let column: number = firstColumn; column <= lastColumn; column++) {
        if (number !== firstRow || column !== firstColumn) this.setCell(row, column, master);
      }
      this.markValued(row);
      this.endRow(row);
    }
  }

  grid(): SheetGrid {
    const rowNumbers = [...this.rows.keys()].sort((a, b) => a - b);
    const cells = rowNumbers.map((number) => {
      const row = this.rows.get(number)!.cells;
      return Array.from({ length: this.width }, (_, i) => row[i] ?? null);
    });
    return { cells, rowNumbers };
  }
}

/** A field of the cell being read, kept to one character past CELL_MAX. */
const appended = (field: string | undefined, text: string) => ((field ?? '') + text).slice(0, CELL_MAX + 1);

/** Reads the first sheet as it inflates: its cells' text (cellValue.ts), its merged ranges. */
export async function readSheet(zip: Buffer, entry: ZipEntry, context: SheetContext): Promise<SheetGrid> {
  const sheet = new SheetRows();
  const merges: string[] = [];
  let row: RowState | undefined;
  let previousRow = 0;
  let column = 0;
  let cell: (RawCell & { styleId: number }) | undefined;
  let field: 'value' | 'formula' | 'run' | undefined;
  let run = '';
  let phonetic = 0;

  await readXmlEntry(
    zip,
    entry,
    { maxBytes: SHEET_XML_MAX, tooLarge: inflatesTooLarge('sheet', SHEET_XML_MAX) },
    {
      open(name, attributes) {
        if (name === 'row') {
          previousRow = parseInt(attributes.r ?? '', 10) || previousRow + 1;
          row = sheet.row(previousRow);
          column = 0;
        } else if (name === 'c' && row) {
          column = columnOf(attributes.r) ?? column + 1;
          const styleId = parseInt(attributes.s ?? '', 10) || 0;
          cell = { type: attributes.t, value: undefined, formula: undefined, formulaShareType: undefined, isDate: false, styleId };
        } else if (cell) {
          if (name === 'rPh') phonetic++;
          else if (phonetic > 0) return;
          else if (name === 'f') {
            field = 'formula';
            cell.formula ??= '';
            cell.formulaShareType = attributes.t;
          } else if (name === 'v') field = 'value';
          else if (name === 't') {
            field = field === 'run' ? 'run' : 'value';
            run = '';
          } else if (name === 'r') field = 'run';
        } else if (name === 'mergeCell' && attributes.ref) {
          if (merges.length >= MERGES_MAX) throw badRequest(TOO_MANY_MERGES);
          merges.push(attributes.ref);
        }
      },
      text(text) {
        if (!cell || phonetic > 0) return;
        if (field === 'value') cell.value = appended(cell.value, text);
        else if (field === 'formula') cell.formula = appended(cell.formula, text);
        else if (field === 'run') run = appended(run, text);
      },
      close(name) {
        if (name === 'rPh') phonetic--;
        else if (phonetic > 0 || !row) return;
        else if (name === 'c' && cell) {
          cell.isDate = context.isDateStyle(cell.styleId);
          const text = cellText(cell, context);
          sheet.setCell(row, column, text);
          if (cell.value !== undefined || cell.formula || cell.formulaShareType) sheet.markValued(row);
          cell = undefined;
          field = undefined;
        } else if (name === 't' && field === 'run' && cell) cell.value = appended(cell.value, decodeEscapedCharacters(run));
        else if (name === 'r') field = undefined;
        else if (name === 'f' || name === 'v' || name === 't') field = field === 'run' ? 'run' : undefined;
        else if (name === 'row') {
          sheet.endRow(row);
          row = undefined;
        }
      },
    },
  );
  for (const range of merges) sheet.merge(range);
  return sheet.grid();
}
