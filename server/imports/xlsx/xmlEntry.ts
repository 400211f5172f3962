import { StringDecoder } from 'node:string_decoder';
import { Parser } from 'htmlparser2';
import { inflateEntry, type ZipEntry } from './zipEntries';

/** What a part's reader hears: elements by their local name (`x:row` is `row`), and their text. */
export interface XmlHandlers {
  open?(name: string, attributes: Record<string, string>): void;
  text?(text: string): void;
  close?(name: string): void;
}

const localName = (name: string) => name.slice(name.indexOf(':') + 1);

/**
 * Reads an XML part of the archive as it inflates (SAX style: nothing but the reader's own state
 * is kept), within `maxBytes` of XML. A handler throws to stop the reading.
 */
export async function readXmlEntry(
  zip: Buffer,
  entry: ZipEntry,
  limits: { maxBytes: number; tooLarge: string },
  handlers: XmlHandlers,
): Promise<void> {
  const parser = new Parser(
    {
      onopentag: (name, attributes) => handlers.open?.(localName(name), attributes),
      ontext: (text) => handlers.text?.(text),
      onclosetag: (name) => handlers.close?.(localName(name)),
    },
    { xmlMode: true, decodeEntities: true },
  );
  const decoder = new StringDecoder('utf8');
  await inflateEntry(zip, entry, limits, (chunk) => parser.write(decoder.write(chunk)));
  parser.write(decoder.end());
  parser.end();
}
