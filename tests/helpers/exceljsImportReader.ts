import ExcelJS, { type CellValue } from 'exceljs';
import { IMPORT_MAX_COLUMNS } from '../../src/domain/importing/targets';
import { tabulate, type ParsedFile } from '../../server/imports/table';

/**
 * How imports read an XLSX before issue 36: exceljs loads the whole workbook. Kept as the
 * reference the streaming reader (server/imports/xlsx) must agree with, cell for cell.
 */
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

export async function readWithExceljs(bytes: Buffer): Promise<ParsedFile> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
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
