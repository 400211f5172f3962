import { crc32, createDeflateRaw, constants } from 'node:zlib';

/**
 * Writes XLSX files part by part, the sheet streamed from its rows, so that a test can make a
 * workbook that inflates to hundreds of MB (the bombs of issue 36) without holding it, and can
 * make its ZIP declare sizes that are not true.
 */
export interface ZipPart {
  name: string;
  content: string | Iterable<string>;
  /** The size the central directory declares, when it is to lie. */
  declaredSize?: number;
}

interface Written {
  name: Buffer;
  crc: number;
  compressedSize: number;
  size: number;
  declaredSize?: number;
  offset: number;
}

async function deflate(content: string | Iterable<string>): Promise<{ data: Buffer; crc: number; size: number }> {
  const deflater = createDeflateRaw({ level: constants.Z_BEST_SPEED });
  const chunks: Buffer[] = [];
  deflater.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise((resolve, reject) => deflater.on('end', resolve).on('error', reject));
  let crc = 0;
  let size = 0;
  let pending: string[] = [];
  let pendingLength = 0;
  const flush = async () => {
    const bytes = Buffer.from(pending.join(''), 'utf8');
    pending = [];
    pendingLength = 0;
    crc = crc32(bytes, crc);
    size += bytes.length;
    if (!deflater.write(bytes)) await new Promise((resolve) => deflater.once('drain', resolve));
  };
  for (const piece of typeof content === 'string' ? [content] : content) {
    pending.push(piece);
    pendingLength += piece.length;
    if (pendingLength > 1 << 20) await flush();
  }
  await flush();
  deflater.end();
  await ended;
  return { data: Buffer.concat(chunks), crc, size };
}

export async function zipParts(parts: ZipPart[]): Promise<Buffer> {
  const out: Buffer[] = [];
  const written: Written[] = [];
  let offset = 0;
  for (const part of parts) {
    const { data, crc, size } = await deflate(part.content);
    const name = Buffer.from(part.name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x800, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(part.declaredSize ?? size, 22);
    local.writeUInt16LE(name.length, 26);
    out.push(local, name, data);
    written.push({ name, crc, compressedSize: data.length, size, declaredSize: part.declaredSize, offset });
    offset += local.length + name.length + data.length;
  }
  const directoryStart = offset;
  for (const entry of written) {
    const header = Buffer.alloc(46);
    header.writeUInt32LE(0x02014b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(20, 6);
    header.writeUInt16LE(0x800, 8);
    header.writeUInt16LE(8, 10);
    header.writeUInt32LE(entry.crc, 16);
    header.writeUInt32LE(entry.compressedSize, 20);
    header.writeUInt32LE(Math.min(entry.declaredSize ?? entry.size, 0xffffffff), 24);
    header.writeUInt16LE(entry.name.length, 28);
    header.writeUInt32LE(entry.offset, 42);
    out.push(header, entry.name);
    offset += header.length + entry.name.length;
  }
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(written.length, 8);
  end.writeUInt16LE(written.length, 10);
  end.writeUInt32LE(offset - directoryStart, 12);
  end.writeUInt32LE(directoryStart, 16);
  out.push(end);
  return Buffer.concat(out);
}

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** `<c>` of text written in the sheet itself. */
export const inlineCell = (text: string) => `<c t="inlineStr"><is><t>${text}</t></is></c>`;

/** The minimal workbook Excel opens: one sheet of these rows (`<row>` contents), shared strings if given. */
export function workbookParts(
  rows: Iterable<string>,
  { sharedStrings, sheetDeclaredSize }: { sharedStrings?: string[]; sheetDeclaredSize?: number } = {},
): ZipPart[] {
  const parts: ZipPart[] = [
    {
      name: '[Content_Types].xml',
      content: `<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/></Types>`,
    },
    {
      name: '_rels/.rels',
      content: `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    },
    {
      name: 'xl/workbook.xml',
      content: `<?xml version="1.0"?><workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      content: `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
    },
    { name: 'xl/worksheets/sheet1.xml', content: sheetXml(rows), declaredSize: sheetDeclaredSize },
  ];
  if (sharedStrings) {
    const items = sharedStrings.map((text) => `<si><t>${text}</t></si>`).join('');
    parts.push({ name: 'xl/sharedStrings.xml', content: `<?xml version="1.0"?><sst xmlns="${MAIN}">${items}</sst>` });
  }
  return parts;
}

function* sheetXml(rows: Iterable<string>): Iterable<string> {
  yield `<?xml version="1.0"?><worksheet xmlns="${MAIN}"><sheetData>`;
  let number = 0;
  for (const row of rows) yield `<row r="${++number}">${row}</row>`;
  yield '</sheetData></worksheet>';
}

/** `count` rows made by `row(i)` (i from 0). */
export function* repeatRows(count: number, row: (index: number) => string): Iterable<string> {
  for (let index = 0; index < count; index++) yield row(index);
}
