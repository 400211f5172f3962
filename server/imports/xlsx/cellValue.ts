/**
 * An XLSX cell's text, as exceljs made it when it read the whole workbook (issue 25): the value
 * the sheet saved, never an evaluation. Its quirks are kept so that a file reads as it did:
 * a formula gives its cached result only when that result is a truthy number, text or TRUE
 * (exceljs keeps no falsy result, and an error or a date-formatted result gives the formula);
 * a date-formatted number is its UTC day.
 */

/** A cell as the sheet's XML gives it. */
export interface RawCell {
  /** The `t` attribute: s (shared string), str, inlineStr, b, e, n or none. */
  type: string | undefined;
  /** The text of `<v>`, or of an inline string's `<t>` and runs. */
  value: string | undefined;
  /** The text of `<f>`; '' for an `<f>` without text. */
  formula: string | undefined;
  /** The `<f t="…">` attribute (shared, array). */
  formulaShareType: string | undefined;
  /** Whether the cell's style formats its number as a date or time. */
  isDate: boolean;
}

export interface CellContext {
  sharedString(index: number): string | null;
  date1904: boolean;
}

/** exceljs's xmlDecode: the five named entities once more (a `str` value). */
const decodeNamedEntities = (text: string) => text.replace(/&([a-z]*);/g, (entity) => NAMED_ENTITIES[entity] ?? entity);
const NAMED_ENTITIES: Record<string, string> = { '&lt;': '<', '&gt;': '>', '&amp;': '&', '&apos;': "'", '&quot;': '"' };

/** `_x000D_` and the like: how XLSX escapes characters XML cannot hold in text. */
export const decodeEscapedCharacters = (text: string) =>
  text.replace(/_x([0-9A-F]{4})_/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));

const excelToDate = (serial: number, date1904: boolean) =>
  new Date(Math.round((serial - 25569 + (date1904 ? 1462 : 0)) * 24 * 3600 * 1000));

function dateText(serial: number, date1904: boolean): string | null {
  const date = excelToDate(serial, date1904);
  return Number.isNaN(date.getTime()) ? null : date.toISOString().slice(0, 10);
}

const numberText = (value: number) => (Number.isFinite(value) ? String(value) : null);

function formulaText(cell: RawCell): string | null {
  const formula = `=${cell.formula || ''}`;
  if (!cell.value || cell.type === 'e' || cell.isDate) return formula;
  if (cell.type === 'str') return decodeNamedEntities(cell.value) || formula;
  if (cell.type === 'b') return parseInt(cell.value, 10) !== 0 ? 'TRUE' : formula;
  const result = parseFloat(cell.value);
  return result ? numberText(result) : formula;
}

export function cellText(cell: RawCell, context: CellContext): string | null {
  if (cell.formula || cell.formulaShareType) return formulaText(cell);
  if (cell.value === undefined) return null;
  switch (cell.type) {
    case 's':
      return context.sharedString(parseInt(cell.value, 10));
    case 'str':
      return decodeNamedEntities(cell.value);
    case 'inlineStr':
      return cell.value;
    case 'b':
      return parseInt(cell.value, 10) !== 0 ? 'TRUE' : 'FALSE';
    case 'e':
      return null;
    default: {
      const number = parseFloat(cell.value);
      return cell.isDate ? dateText(number, context.date1904) : numberText(number);
    }
  }
}
