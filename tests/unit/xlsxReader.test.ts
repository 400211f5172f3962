import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { parseCsv } from '../../server/imports/parseFile';
import {
  CELL_MAX,
  cellTooLong,
  inflatesTooLarge,
  NOT_A_WORKBOOK,
  SHARED_STRINGS_MAX,
  TOO_MANY_COLUMNS,
  TOO_MANY_SHARED_STRINGS,
  TOO_MUCH_TEXT,
} from '../../server/imports/importLimits';
import { parseXlsx } from '../../server/imports/xlsx/readXlsx';
import { inflateEntry, readZipDirectory } from '../../server/imports/xlsx/zipEntries';
import { readWithExceljs } from '../helpers/exceljsImportReader';
import { inlineCell, repeatRows, workbookParts, zipParts } from '../helpers/xlsxBuilder';

/** A workbook of every kind of cell exceljs writes: text, numbers, dates, times, formulas, rich text, links, errors, merges. */
async function everyKindOfCell(date1904 = false): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  if (date1904) workbook.properties.date1904 = true;
  const sheet = workbook.addWorksheet('A');
  sheet.addRow(['Name', 'Amount', 'When', 'Flag', 'Formula', 'Rich', 'Link', 'Err', 'Time', 'Zero']);
  sheet.addRow([
    'Ann & <Bob>',
    12.5,
    new Date(Date.UTC(2024, 2, 5)),
    true,
    { formula: 'B2*2', result: 25 },
    { richText: [{ text: 'Bo' }, { font: { bold: true }, text: 'ld' }] },
    { text: 'site', hyperlink: 'https://x.example' },
    { error: '#N/A' },
    0.5,
    { formula: 'B2-B2', result: 0 },
  ]);
  sheet.addRow([
    '  x  ',
    -0.000001,
    45000,
    false,
    { formula: 'TODAY()' },
    'line\nbreak',
    1e21,
    'tab\there',
    { formula: 'A1', result: 'txt' },
  ]);
  sheet.getCell('J3').value = { formula: 'B1', result: false };
  sheet.getCell('C3').numFmt = 'yyyy-mm-dd';
  sheet.getCell('I2').numFmt = 'h:mm';
  sheet.addRow([]);
  sheet.getCell('L5').value = 'wide';
  sheet.getCell('A5').value = 'after an empty row';
  sheet.mergeCells('A6:C7');
  sheet.getCell('A6').value = 'merged';
  sheet.getCell('D8').value = { formula: 'B2', result: 12.5 };
  sheet.getCell('E8').numFmt = '0.00';
  sheet.getCell('E8').value = 3.14159;
  sheet.getCell('F8').numFmt = '[Red]"d"0';
  sheet.getCell('F8').value = 7;
  sheet.getCell('G8').value = '_x0041_ escaped';
  sheet.getCell('H8').value = new Date(Date.UTC(1999, 11, 31));
  sheet.getCell('A9').value = 1;
  sheet.getCell('A10').value = { formula: 'A9+1', result: 2 };
  sheet.fillFormula('B9:B11', 'A9*2', [2, 4, 0]);
  workbook.addWorksheet('B').addRow(['not read']);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describe('the streaming XLSX reader', () => {
  it('reads every kind of cell as exceljs did', async () => {
    for (const date1904 of [false, true]) {
      const file = await everyKindOfCell(date1904);
      const read = await parseXlsx(file);
      expect(read).toEqual(await readWithExceljs(file));
      const halfPastMidnight = date1904 ? '1904-01-01' : '1899-12-30';
      expect(read.rows[0]).toEqual([
        2,
        'Ann & <Bob>',
        '12.5',
        '2024-03-05',
        'TRUE',
        '25',
        'Bold',
        'site',
        null,
        halfPastMidnight,
        '=B2-B2',
        null,
        null,
      ]);
    }
  });

  it('reads inline strings, rich inline runs, prefixed elements and entities', async () => {
    const file = await zipParts(
      workbookParts([
        `${inlineCell('Name')}<c r="C1" t="inlineStr"><is><r><t>Ci</t></r><r><rPr><b/></rPr><t>ty_x0021_</t></r><rPh><t>x</t></rPh></is></c>`,
        `<x:c r="A2" t="inlineStr"><x:is><x:t>O&apos;Brien &#x26; Sons</x:t></x:is></x:c><c r="C2" t="str"><v>plain</v></c>`,
      ]),
    );
    expect(await parseXlsx(file)).toEqual({ columns: ['Name', 'Column 2', 'City!'], rows: [[2, "O'Brien & Sons", null, 'plain']] });
  });

  it('refuses a part whose declared size passes the cap before inflating a byte', async () => {
    const zip = await zipParts([{ name: 'a.xml', content: 'x'.repeat(1000) }]);
    const entry = readZipDirectory(zip).get('a.xml')!;
    let inflated = 0;
    const limits = { maxBytes: 999, tooLarge: 'too large' };
    await expect(inflateEntry(zip, entry, limits, (chunk) => (inflated += chunk.length))).rejects.toThrow('too large');
    expect(inflated).toBe(0);
  });

  it('stops a part that lies about its size at the first bytes past the cap', async () => {
    const zip = await zipParts([{ name: 'a.xml', content: repeatRows(4096, () => 'x'.repeat(1024)), declaredSize: 100 }]);
    const entry = readZipDirectory(zip).get('a.xml')!;
    expect(entry.declaredSize).toBe(100);
    let inflated = 0;
    const limits = { maxBytes: 1024 * 1024, tooLarge: 'inflates too far' };
    await expect(inflateEntry(zip, entry, limits, (chunk) => (inflated += chunk.length))).rejects.toThrow('inflates too far');
    expect(inflated).toBeLessThanOrEqual(1024 * 1024);
    await expect(inflateEntry(zip, entry, { ...limits, maxBytes: 4 * 1024 * 1024 }, () => undefined)).resolves.toBeUndefined();
  });

  it('refuses a sheet that declares more than its cap, at once', async () => {
    const file = await zipParts(workbookParts([inlineCell('Name'), inlineCell('Ann')], { sheetDeclaredSize: 200 * 1024 * 1024 }));
    await expect(parseXlsx(file)).rejects.toThrow(inflatesTooLarge('sheet', 128 * 1024 * 1024));
  });

  it('bounds the shared strings: their count, and their text', async () => {
    const many = await zipParts(workbookParts(['<c t="s"><v>0</v></c>'], { sharedStrings: Array(SHARED_STRINGS_MAX + 1).fill('') }));
    await expect(parseXlsx(many)).rejects.toThrow(TOO_MANY_SHARED_STRINGS);
    const long = await zipParts(workbookParts(['<c t="s"><v>0</v></c>'], { sharedStrings: Array(540).fill('y'.repeat(60_000)) }));
    await expect(parseXlsx(long)).rejects.toThrow(TOO_MUCH_TEXT);
  }, 60_000);

  it('refuses a data cell longer than the limit, a row past the last column, and a file that is no workbook', async () => {
    const longCell = await zipParts(
      workbookParts([inlineCell('x'.repeat(CELL_MAX + 1)), inlineCell('ok'), inlineCell('z'.repeat(CELL_MAX + 1))]),
    );
    await expect(parseXlsx(longCell)).rejects.toThrow(cellTooLong(3));
    const wide = await zipParts(workbookParts([inlineCell('Name'), `${inlineCell('Ann')}<c r="GT2"><v>1</v></c>`]));
    await expect(parseXlsx(wide)).rejects.toThrow(TOO_MANY_COLUMNS);
    const notAWorkbook = await zipParts([{ name: 'readme.txt', content: 'hello' }]);
    await expect(parseXlsx(notAWorkbook)).rejects.toThrow(NOT_A_WORKBOOK);
    const truncated = (await everyKindOfCell()).subarray(0, 3000);
    await expect(parseXlsx(truncated)).rejects.toThrow(NOT_A_WORKBOOK);
  });

  it('reads a CSV of two million line breaks without keeping a row of them', () => {
    expect(() => parseCsv(Buffer.from('\n'.repeat(2_000_000)))).toThrow('The file has no rows.');
  }, 30_000);
});
