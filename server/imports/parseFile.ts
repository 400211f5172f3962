import Papa from 'papaparse';
import { isEmptyRow } from '../../src/domain/importing/cleaning';
import { IMPORT_MAX_ROWS } from '../../src/domain/importing/targets';
import { badRequest } from '../errors';
import { NOT_READABLE, TOO_MANY_ROWS } from './importLimits';
import { tabulate, type ParsedFile } from './table';
import { parseXlsx } from './xlsx/readXlsx';

export type { ParsedFile, ParsedRow } from './table';

/**
 * An uploaded import file read into its columns and rows (issue 25): CSV (UTF-8 with or without
 * a byte order mark, else Windows-1252; comma, semicolon or tab, found by papaparse) or XLSX
 * (its first sheet, server/imports/xlsx). Anything else is a 400 with a message; nothing here
 * writes. It runs on a worker thread (the `readImportFile` heavy task): the server's event
 * loop never parses a file, whatever it holds.
 */

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

export function parseCsv(bytes: Buffer): ParsedFile {
  if (looksBinary(bytes)) throw badRequest(NOT_READABLE);
  const text = decodeText(bytes);
  // papaparse guesses the delimiter from the first rows, blank lines left out (they would make every guess look uneven);
  // the file is then read with its blank lines so row numbers stay those of the file.
  const delimiter = Papa.parse<string[]>(text, { delimitersToGuess: [',', ';', '\t'], skipEmptyLines: 'greedy', preview: 50 }).meta
    .delimiter;
  // Row by row, keeping only rows with content: a file of line breaks alone would otherwise be millions of empty rows.
  const kept: string[][] = [];
  const rowNumbers: number[] = [];
  let index = 0;
  let failure: Error | undefined;
  Papa.parse<string[]>(text, {
    delimiter,
    skipEmptyLines: false,
    step: ({ data, errors }, parser) => {
      const broken = errors.find((e) => e.type === 'Quotes');
      if (broken) failure ??= badRequest(`The file's quotes do not close (row ${index + 1}).`);
      else if (!isEmptyRow(data)) {
        // papaparse's row index is the record's; a quoted line break makes it differ from the line, which users do not see.
        kept.push(data);
        rowNumbers.push(index + 1);
        if (kept.length > IMPORT_MAX_ROWS + 1) failure ??= badRequest(TOO_MANY_ROWS);
      }
      index++;
      if (failure) parser.abort();
    },
  });
  if (failure) throw failure;
  return tabulate(kept, (i) => rowNumbers[i]);
}

/** The file read by its content (a ZIP is an XLSX whatever its name says). */
export async function parseFile(bytes: Buffer): Promise<ParsedFile> {
  return isZip(bytes) ? parseXlsx(bytes) : parseCsv(bytes);
}
