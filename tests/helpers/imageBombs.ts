/** Images that are small files but huge pictures, and damaged ones, for the logo checks. */
import { deflateSync } from 'node:zlib';
import { chunk } from './pngFixtures';

/**
 * A PNG of 4000 × 4000 pixels at 16-bit RGBA: within the 16-megapixel cap, but its zero-filled
 * image data (~125 KB deflated) inflates to 128 MB.
 */
export function bombPng(width = 4000, height = 4000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 16; // bits per sample
  header[9] = 6; // RGBA
  const raw = Buffer.alloc(height * (1 + width * 8));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A copy of `jpeg` whose SOF0 frame header declares another size (the data is unchanged). */
export function jpegDeclaring(jpeg: Buffer, width: number, height: number): Buffer {
  const copy = Buffer.from(jpeg);
  const sof = copy.indexOf(Buffer.from([0xff, 0xc0]));
  if (sof < 0) throw new Error('no SOF0 in the fixture');
  copy.writeUInt16BE(height, sof + 5);
  copy.writeUInt16BE(width, sof + 7);
  return copy;
}

/** A minimal hand-built JPEG: SOI, a SOF0 header of the given size, one scan, EOI. */
export function handBuiltJpeg(width: number, height: number, { withEnd = true } = {}): Buffer {
  const sof = Buffer.from([0xff, 0xc0, 0x00, 0x0b, 0x08, 0, 0, 0, 0, 0x01, 0x01, 0x11, 0x00]);
  sof.writeUInt16BE(height, 5);
  sof.writeUInt16BE(width, 7);
  const sos = Buffer.from([0xff, 0xda, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x3f, 0x00]);
  const data = Buffer.from([0x12, 0x34, 0xff, 0x00, 0x56]);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), sof, sos, data, withEnd ? Buffer.from([0xff, 0xd9]) : Buffer.alloc(0)]);
}
