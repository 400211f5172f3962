import { crc32 } from 'node:zlib';

/**
 * The PNG's chunks and header, read and checked before any image data is inflated: the
 * pixel count and the decoded size (width × height × bytes per pixel, plus a filter byte per
 * row) are bounded from IHDR alone.
 */

export class PngError extends Error {}
/** The image has more pixels than the caller allows (checked before anything is inflated). */
export class PngTooLargeError extends PngError {}
/** The image would decode to more bytes than the caller allows (deep samples), checked before inflating. */
export class PngDataTooLargeError extends PngError {}

export const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
export const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };
const DEPTHS: Record<number, number[]> = { 0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16] };
/** Adam7 passes: first column, first row, column step, row step. */
export const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;

export interface Header {
  width: number;
  height: number;
  depth: number;
  colorType: number;
  interlaced: boolean;
}

export interface Chunks {
  header: Header;
  palette?: Buffer;
  transparency?: Buffer;
  data: Buffer;
}

/** An IHDR chunk's body, checked: a supported format of at least one pixel. */
function parseHeader(body: Buffer): Header {
  if (body.length !== 13) throw new PngError('bad IHDR');
  const header = {
    width: body.readUInt32BE(0),
    height: body.readUInt32BE(4),
    depth: body[8],
    colorType: body[9],
    interlaced: body[12] === 1,
  };
  if (!DEPTHS[header.colorType]?.includes(header.depth) || body[10] !== 0 || body[11] !== 0 || body[12] > 1)
    throw new PngError('unsupported format');
  if (header.width < 1 || header.height < 1) throw new PngError('empty image');
  return header;
}

/**
 * What the PNG declares, from its signature and first chunk alone (which must be IHDR, its CRC
 * right): the size can be judged before the rest is even looked at, let alone inflated.
 */
export function readHeader(bytes: Buffer): Header {
  if (bytes.length < 8 || !bytes.subarray(0, 8).equals(SIGNATURE)) throw new PngError('not a PNG');
  const end = 8 + 12 + 13;
  if (bytes.length < end) throw new PngError('truncated');
  if (bytes.toString('latin1', 12, 16) !== 'IHDR') throw new PngError('IHDR must come first');
  if (bytes.readUInt32BE(8) !== 13) throw new PngError('bad IHDR');
  if (crc32(bytes.subarray(12, end - 4)) !== bytes.readUInt32BE(end - 4)) throw new PngError('bad CRC in IHDR');
  return parseHeader(bytes.subarray(16, end - 4));
}

export function readChunks(bytes: Buffer, maxPixels: number): Chunks {
  if (bytes.length < 8 || !bytes.subarray(0, 8).equals(SIGNATURE)) throw new PngError('not a PNG');
  let pos = 8;
  let header: Header | undefined;
  let palette: Buffer | undefined;
  let transparency: Buffer | undefined;
  const data: Buffer[] = [];
  for (;;) {
    if (pos + 12 > bytes.length) throw new PngError('truncated');
    const length = bytes.readUInt32BE(pos);
    const type = bytes.toString('latin1', pos + 4, pos + 8);
    if (pos + 12 + length > bytes.length) throw new PngError('truncated chunk');
    const body = bytes.subarray(pos + 8, pos + 8 + length);
    if (crc32(bytes.subarray(pos + 4, pos + 8 + length)) !== bytes.readUInt32BE(pos + 8 + length)) throw new PngError(`bad CRC in ${type}`);
    pos += 12 + length;
    if (!header && type !== 'IHDR') throw new PngError('IHDR must come first');
    if (type === 'IHDR') {
      if (header) throw new PngError('bad IHDR');
      header = parseHeader(body);
      if (header.width * header.height > maxPixels) throw new PngTooLargeError('too many pixels');
      if (inflatedSize(header) > maxInflatedSize(header, maxPixels)) throw new PngDataTooLargeError('too much image data');
    } else if (type === 'PLTE') palette = body;
    else if (type === 'tRNS') transparency = body;
    else if (type === 'IDAT') data.push(body);
    else if (type === 'IEND') break;
  }
  if (!header || !data.length) throw new PngError('no image data');
  if (header.colorType === 3 && (!palette || palette.length % 3 !== 0 || palette.length === 0)) throw new PngError('palette missing');
  return { header, palette, transparency, data: Buffer.concat(data) };
}

export const rowBytes = (width: number, bitsPerPixel: number) => Math.ceil((width * bitsPerPixel) / 8);

export function passSizes(header: Header): { x0: number; y0: number; dx: number; dy: number; width: number; height: number }[] {
  if (!header.interlaced) return [{ x0: 0, y0: 0, dx: 1, dy: 1, width: header.width, height: header.height }];
  return ADAM7.map(([x0, y0, dx, dy]) => ({
    x0,
    y0,
    dx,
    dy,
    width: Math.ceil((header.width - x0) / dx),
    height: Math.ceil((header.height - y0) / dy),
  })).filter((pass) => pass.width > 0 && pass.height > 0);
}

/** Bytes the image data inflates to: every row of every pass with its filter byte. */
export function inflatedSize(header: Header): number {
  const bitsPerPixel = CHANNELS[header.colorType] * header.depth;
  return passSizes(header).reduce((sum, pass) => sum + pass.height * (1 + rowBytes(pass.width, bitsPerPixel)), 0);
}

/**
 * The most image data allowed: `maxPixels` at 8-bit RGBA (4 bytes a pixel) plus a filter byte
 * per row. A 16-bit RGBA image of 16 million pixels (128 MB inflated) is refused.
 */
function maxInflatedSize(header: Header, maxPixels: number): number {
  const rows = passSizes(header).reduce((sum, pass) => sum + pass.height, 0);
  return maxPixels * 4 + rows;
}
