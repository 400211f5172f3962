import { IMPORT_MAX_COLUMNS, IMPORT_MAX_ROWS } from '../../src/domain/importing/targets';

/**
 * What reading an uploaded file may cost (issue 36), and the messages that name each limit. A
 * file within the upload limit can still hold far more than it weighs (an XLSX is a ZIP: 336 KB
 * inflated to a 200 MB sheet), so the reading stops as soon as any of these is passed.
 */

/** Longest text kept in a cell: more than any field holds (notes 65,535), so a longer one is refused. */
export const CELL_MAX = 70_000;

/**
 * All the cells' text together, characters. A CSV within the upload limit holds at most 10
 * million; an XLSX of 50,000 rows of 30 columns of 20 characters holds 30 million. More would
 * only come from the same long text repeated (a shared string referenced in every row), which
 * the server would then copy and store row by row.
 */
export const TEXT_MAX = 32_000_000;

const MB = 1024 * 1024;

/**
 * The first sheet's XML, inflated. Excel writes a cell of shared text or a number in 30 to 45
 * bytes (`<c r="AB49999" s="3" t="s"><v>123456</v></c>`), so 50,000 rows of 60 such columns
 * fit; the reading is streamed, so this bounds the time it takes, not the memory: htmlparser2
 * reads 14 MB of sheet a second on a loaded 2-core machine (load 5), so a sheet at the limit
 * keeps a niced worker thread busy about 9 s there, and never the event loop.
 */
export const SHEET_XML_MAX = 128 * MB;

/** The shared strings' XML, inflated: the text (TEXT_MAX at most is kept) and its markup. */
export const SHARED_STRINGS_XML_MAX = 64 * MB;

/** Distinct shared strings: 50,000 rows of 40 columns, each different. */
export const SHARED_STRINGS_MAX = 2_000_000;

/** The workbook, its relationships and its styles: small parts, a few KB in real files. */
export const PART_XML_MAX = 16 * MB;

/** Merged ranges of the sheet (Excel's own limit is 65,530 per sheet... rarely more than a few). */
export const MERGES_MAX = 100_000;

const count = (n: number) => n.toLocaleString('en-US');

export const TOO_MANY_ROWS = `The file has more than ${count(IMPORT_MAX_ROWS)} rows.`;
export const TOO_MANY_COLUMNS = `The file has more than ${IMPORT_MAX_COLUMNS} columns.`;
export const TOO_MUCH_TEXT = `The file holds more than ${count(TEXT_MAX)} characters of text.`;
export const TOO_MANY_SHARED_STRINGS = `The workbook has more than ${count(SHARED_STRINGS_MAX)} different texts.`;
export const TOO_MANY_MERGES = `The sheet has more than ${count(MERGES_MAX)} merged ranges.`;
export const NOT_READABLE = 'The file is not a CSV or XLSX file.';
export const NOT_A_WORKBOOK = 'The file is not a readable XLSX workbook.';

export const cellTooLong = (row: number) => `Row ${row} has a cell longer than ${count(CELL_MAX)} characters.`;

/** An XLSX part that inflates (or says it does) to more than its limit. */
export const inflatesTooLarge = (part: string, maxBytes: number) =>
  `The workbook's ${part} inflates to more than ${Math.round(maxBytes / MB)} MB.`;
