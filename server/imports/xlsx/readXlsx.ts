import { HttpError, badRequest } from '../../errors';
import { NOT_A_WORKBOOK } from '../importLimits';
import { tabulate, type ParsedFile } from '../table';
import { readSharedStrings } from './sharedStrings';
import { readSheet } from './sheetReader';
import { findWorkbookParts, readDateStyles } from './workbookParts';
import { readZipDirectory } from './zipEntries';

/**
 * An XLSX file's first sheet (issue 36): the ZIP's directory read first, each part refused
 * before it inflates when it declares more than its limit, and streamed, stopping at the first
 * limit passed (server/imports/importLimits.ts). Reads as exceljs did (xlsx/cellValue.ts).
 */
export async function parseXlsx(bytes: Buffer): Promise<ParsedFile> {
  try {
    const entries = readZipDirectory(bytes);
    const parts = await findWorkbookParts(bytes, entries);
    const isDateStyle = await readDateStyles(bytes, parts.styles);
    const sharedStrings = await readSharedStrings(bytes, parts.sharedStrings);
    const grid = await readSheet(bytes, parts.sheet, {
      isDateStyle,
      date1904: parts.date1904,
      sharedString: (index) => sharedStrings[index] ?? null,
    });
    return tabulate(grid.cells, (i) => grid.rowNumbers[i]);
  } catch (error) {
    if (error instanceof HttpError) throw error;
    // A malformed archive or XML fails wherever it breaks: the user needs only to know the file is not a workbook.
    throw badRequest(NOT_A_WORKBOOK);
  }
}
