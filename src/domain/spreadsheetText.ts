/**
 * Text that a spreadsheet could take for a formula (CSV injection, OWASP): a cell whose text
 * starts with one of these runs when the file is opened, unless it is neutralised.
 */
export const FORMULA_TRIGGERS: readonly string[] = ['=', '+', '-', '@', '\t', '\r'];

export function startsLikeFormula(text: string): boolean {
  return FORMULA_TRIGGERS.some((trigger) => text.startsWith(trigger));
}

export type SpreadsheetFormat = 'csv' | 'xlsx';

/**
 * The text of one cell of an export, safe to open in a spreadsheet; both exports write every
 * value through here. A CSV cell has no type, so text that starts like a formula gets a
 * leading `'` (what spreadsheets read as "this is text"). An XLSX cell is written as a typed
 * string value, which no spreadsheet evaluates, so its text stays exactly as stored (an `'`
 * there would show as part of the value).
 */
export function spreadsheetText(value: unknown, format: SpreadsheetFormat): string {
  const text = value === null || value === undefined ? '' : String(value);
  return format === 'csv' && startsLikeFormula(text) ? `'${text}` : text;
}
