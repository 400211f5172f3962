import { badRequest } from '../../errors';
import {
  CELL_MAX,
  inflatesTooLarge,
  SHARED_STRINGS_MAX,
  SHARED_STRINGS_XML_MAX,
  TEXT_MAX,
  TOO_MANY_SHARED_STRINGS,
  TOO_MUCH_TEXT,
} from '../importLimits';
import { decodeEscapedCharacters } from './cellValue';
import { readXmlEntry } from './xmlEntry';
import type { ZipEntry } from './zipEntries';

/**
 * The workbook's shared strings (`<si>`: plain `<t>` or rich-text runs, the phonetic `<rPh>` left
 * out), within SHARED_STRINGS_MAX strings and TEXT_MAX characters. A string is kept to one
 * character past CELL_MAX: enough for a cell that uses it to be refused as too long.
 */
export async function readSharedStrings(zip: Buffer, entry: ZipEntry | undefined): Promise<(string | null)[]> {
  const strings: (string | null)[] = [];
  if (!entry) return strings;
  let current: string | null = null;
  let inItem = false;
  let phonetic = 0;
  let inText = false;
  let textPiece = '';
  let characters = 0;
  await readXmlEntry(
    zip,
    entry,
    { maxBytes: SHARED_STRINGS_XML_MAX, tooLarge: inflatesTooLarge('shared strings', SHARED_STRINGS_XML_MAX) },
    {
      open(name) {
        if (name === 'si') {
          if (strings.length >= SHARED_STRINGS_MAX) throw badRequest(TOO_MANY_SHARED_STRINGS);
          inItem = true;
          current = null;
        } else if (name === 'rPh') phonetic++;
        else if (name === 't' && inItem && phonetic === 0) {
          inText = true;
          textPiece = '';
        }
      },
      text(text) {
        if (inText && textPiece.length <= CELL_MAX) textPiece += text;
      },
      close(name) {
        if (name === 't' && inText) {
          inText = false;
          current = ((current ?? '') + decodeEscapedCharacters(textPiece)).slice(0, CELL_MAX + 1);
        } else if (name === 'rPh') phonetic--;
        else if (name === 'si') {
          inItem = false;
          characters += current?.length ?? 0;
          if (characters > TEXT_MAX) throw badRequest(TOO_MUCH_TEXT);
          strings.push(current);
        }
      },
    },
  );
  return strings;
}
