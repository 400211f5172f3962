/** Drawn signatures of a given canvas, and PNGs that lie about theirs or break their header (issue 36). */
import { deflateSync } from 'node:zlib';
import { chunk } from './pngFixtures';

const MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export const asDataUrl = (png: Buffer) => `data:image/png;base64,${png.toString('base64')}`;

/** An IHDR body: 8-bit RGBA, as a canvas exports, unless told otherwise. */
function headerBody(width: number, height: number, { depth = 8, colorType = 6 } = {}): Buffer {
  const body = Buffer.alloc(13);
  body.writeUInt32BE(width, 0);
  body.writeUInt32BE(height, 4);
  body[8] = depth;
  body[9] = colorType;
  return body;
}

const png = (...chunks: Buffer[]) => Buffer.concat([MAGIC, ...chunks, chunk('IEND', Buffer.alloc(0))]);

/**
 * A canvas export of `width` × `height` transparent pixels with, unless blank, one stroke across
 * its middle. Blank, 1999 × 1999 is a file of some 15 KB that decodes to 16 MB.
 */
export function canvasPng(width: number, height: number, { blank = false } = {}): Buffer {
  const stride = 1 + width * 4;
  const raw = Buffer.alloc(height * stride);
  if (!blank) {
    const row = Math.floor(height / 2) * stride;
    for (let x = Math.floor(width / 10); x < width - width / 10; x += 1) raw.set([16, 32, 96, 255], row + 1 + x * 4);
  }
  return png(chunk('IHDR', headerBody(width, height)), chunk('IDAT', deflateSync(raw, { level: 9 })));
}

/** A header declaring `width` × `height` over a few bytes of image data that could never inflate to it. */
export function pngDeclaring(width: number, height: number): Buffer {
  return png(chunk('IHDR', headerBody(width, height)), chunk('IDAT', Buffer.from([0x78, 0x9c, 0x03, 0x00])));
}

/** PNGs whose header cannot be trusted: each is refused as unreadable, from the header alone. */
export function brokenHeaderPngs(): [string, Buffer][] {
  const good = canvasPng(40, 20);
  const header = chunk('IHDR', headerBody(40, 20));
  const data = chunk('IDAT', deflateSync(Buffer.alloc(20 * (1 + 40 * 4))));
  const badCrc = Buffer.from(header);
  badCrc[badCrc.length - 1] ^= 0xff;
  const shortHeader = chunk('IHDR', headerBody(40, 20).subarray(0, 12));
  return [
    ['only the signature bytes', MAGIC],
    ['IHDR cut short', good.subarray(0, 8 + 8 + 6)],
    ['IHDR without its CRC', good.subarray(0, 8 + 8 + 13)],
    ['IDAT before IHDR', png(data, header)],
    ['a text chunk before IHDR', png(chunk('tEXt', Buffer.from('Comment\0hi')), header, data)],
    ['width 0', png(chunk('IHDR', headerBody(0, 20)), data)],
    ['height 0', png(chunk('IHDR', headerBody(40, 0)), data)],
    ['IHDR of 12 bytes', png(shortHeader, data)],
    ['IHDR with a wrong CRC', png(badCrc, data)],
    ['colour type 5', png(chunk('IHDR', headerBody(40, 20, { colorType: 5 })), data)],
    ['RGBA at depth 4', png(chunk('IHDR', headerBody(40, 20, { depth: 4 })), data)],
  ];
}
