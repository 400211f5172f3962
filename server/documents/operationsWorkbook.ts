import { PassThrough } from 'node:stream';
import { operationsColumns, type OperationsExportRow } from '../../src/schema/operations';
import { spreadsheetText } from '../../src/domain/spreadsheetText';

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const OPERATIONS_SHEET = 'Operations';
const MIN_WIDTH = 8;

/**
 * The operations export (SPEC §7): one row per site, the columns of src/schema/operations.ts,
 * a bold frozen header with an autofilter, columns as wide as their longest text up to the
 * declared width. Every cell is a string value, never a formula. Written with exceljs's
 * streaming writer (inline strings), about twice as fast as its in-memory workbook, loaded on
 * the first export (a server that exports nothing never holds it).
 */
export async function operationsWorkbook(rows: OperationsExportRow[]): Promise<Buffer> {
  const texts = rows.map((row) => operationsColumns.map((column) => spreadsheetText(row[column.source], 'xlsx')));
  const widths = operationsColumns.map((column, index) => {
    let longest = column.label.length;
    for (const line of texts) if (line[index].length > longest) longest = line[index].length;
    return Math.min(Math.max(longest + 2, MIN_WIDTH), column.width);
  });

  const output = new PassThrough();
  const chunks: Buffer[] = [];
  output.on('data', (chunk: Buffer) => chunks.push(chunk));
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
  workbook.creator = 'Yardstick';
  const sheet = workbook.addWorksheet(OPERATIONS_SHEET, { views: [{ state: 'frozen', ySplit: 1 }] });
  // Over the header and every data row, so each dropdown offers the values below it.
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: texts.length + 1, column: operationsColumns.length } };
  sheet.columns = operationsColumns.map((column, index) => ({ header: column.label, width: widths[index] }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  for (const line of texts) sheet.addRow(line).commit();
  sheet.commit();
  await workbook.commit();
  return Buffer.concat(chunks);
}
